import AddBoxIcon from '@mui/icons-material/AddBox';
import type { ChunkView, GenerateAnswer } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { BooleanInput, Form, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { RunProgress } from '../../../jobs/RunProgress';
import { chunkWarning } from '../../../jobs/run';
import { runRequest, useRun } from '../../../jobs/useRun';
import { FieldGrid, SubmitButton, serverFieldErrors, TabIntro, TicketNumberRangeInputs } from './BulkParts';
import { generateBody, isTooManyToGenerate, type TicketNumberRange, ticketNumberRangeOf } from './bulk-forms';

/** Generate warnings stay 10 seconds. */
const WARNING_MS = 10_000;

const emptyForm = { from: null, to: null, isSoilFLOTicket: false };

/**
 * The Generate tab: from and to, at most 2000 tickets, optionally as SoilFLO loads. The server generates them
 * in chunks of 1000; a chunk's error (e.g. numbers that already existed) is a warning toast that stays 10
 * seconds, and a run without any is 'Tickets have been generated successfully.'.
 */
export const GenerateTab = ({ onFinished }: { onFinished: () => void }) => {
  const notify = useNotify();
  const { run, busy, start } = useRun<unknown, GenerateAnswer, TicketNumberRange>({
    onChunkFinished: (chunk: ChunkView<TicketNumberRange, GenerateAnswer>) => {
      const warning = chunkWarning(chunk);
      if (warning)
        notify(warning, { type: 'warning', autoHideDuration: WARNING_MS, messageArgs: { _: warning } });
    },
    onFinished: (finished) => {
      const clean = finished.chunks.every(
        (chunk) => chunk.state === 'completed' && chunk.result?.success && !chunkWarning(chunk),
      );
      if (clean) notify('portal.bulk.generate.success', { type: 'success' });
      onFinished();
    },
  });

  const submit = async (values: FieldValues) => {
    const range = ticketNumberRangeOf(values);
    if (isTooManyToGenerate(range)) {
      notify('portal.bulk.generate.tooMany', { type: 'error' });
      return { to: 'portal.bulk.generate.tooMany' };
    }
    const { error } = await start(
      runRequest(endpoints.postTicketGenerate, {
        body: generateBody(range, values.isSoilFLOTicket === true),
      }),
    );
    return serverFieldErrors(error);
  };

  return (
    <>
      <TabIntro text="portal.bulk.generate.intro" />
      <Form defaultValues={emptyForm} onSubmit={submit} noValidate>
        <FieldGrid>
          <TicketNumberRangeInputs />
          <BooleanInput
            source="isSoilFLOTicket"
            label="portal.bulk.generate.soilFLO"
            helperText="portal.bulk.generate.soilFLOHint"
            sx={{ pt: 1 }}
          />
          <SubmitButton label="portal.bulk.generate.submit" icon={<AddBoxIcon />} busy={busy} />
        </FieldGrid>
      </Form>
      <RunProgress run={run} label="portal.bulk.generate.running" />
    </>
  );
};
