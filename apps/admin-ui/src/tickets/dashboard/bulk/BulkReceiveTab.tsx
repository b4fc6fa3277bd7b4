import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import InventoryIcon from '@mui/icons-material/Inventory';
import WarningIcon from '@mui/icons-material/Warning';
import { Alert, Box, Chip, CircularProgress, Tooltip, Typography } from '@mui/material';
import {
  type BulkReceiveAnswer,
  type ChunkView,
  chunkPageSizes,
  endpoints,
  type ReceiveChip,
  type RunView,
  receiveChipOf,
} from '@portal/contract';
import { parseTicketRanges, type TicketRange, ticketRangeKey } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BooleanInput, Form, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { errorText } from '../../../common/error-text';
import { call } from '../../../dataProvider/http-client';
import { RunProgress } from '../../../jobs/RunProgress';
import { runRequest, useRun } from '../../../jobs/useRun';
import { currentSession } from '../../../session';
import { CancelOnChange, ConfirmPanel, FieldGrid, SubmitButton, TabIntro, useNumberList } from './BulkParts';
import { receiveChipOutcome, receiveChips, receiveOutcomeCounts } from './bulk-forms';
import { ticketCount, ticketRangeError } from './ticket-range';

/**
 * The chips of a run of more ranges than its status document carries the answer for (its `result` is then
 * null): read from its chunks' pages once it has finished.
 */
async function chipsFromChunkPages(run: Pick<RunView, 'id'>): Promise<ReceiveChip[]> {
  const chips: ReceiveChip[] = [];
  const perPage = chunkPageSizes[chunkPageSizes.length - 1];
  for (let page = 1; ; page++) {
    const { chunks, total } = await call(endpoints.getJobChunksById, {
      params: { id: run.id },
      query: { page, perPage },
    });
    // Each chunk of a bulk receive is one range, its result that range's chip.
    chips.push(...chunks.map((chunk) => receiveChipOf(chunk as ChunkView<TicketRange, ReceiveChip>)));
    if (chunks.length === 0 || chips.length >= total) return chips;
  }
}

interface Pending {
  ticketRange: string;
  ranges: TicketRange[];
  forceReceive: boolean;
}

/**
 * One range's chip, saying what happened to it (issue 15, item 3): pending (outlined, spinning), received
 * (green), accepted by Force Receive although some tickets were not received (amber, they and why in its
 * label), failed (red, which tickets and why). The tooltip repeats the whole reason.
 */
const RangeChip = ({ chip }: { chip: ReceiveChip }) => {
  const translate = useTranslate();
  const outcome = receiveChipOutcome(chip);
  const label = translate(`portal.bulk.receive.chip.${outcome}`, {
    key: chip.key,
    reason: chip.message ?? '',
  });
  const icon =
    outcome === 'pending' ? (
      <CircularProgress size={14} aria-hidden />
    ) : outcome === 'received' ? (
      <CheckCircleIcon />
    ) : outcome === 'forced' ? (
      <WarningIcon />
    ) : (
      <ErrorIcon />
    );
  const colors = { pending: 'default', received: 'success', forced: 'warning', failed: 'error' } as const;
  const rendered = (
    <Chip
      label={label}
      icon={icon}
      color={colors[outcome]}
      variant={outcome === 'pending' ? 'outlined' : 'filled'}
      data-chip-state={chip.value}
      data-chip-outcome={outcome}
      // The reason is read out with the chip, not only shown on hover.
      aria-description={chip.message}
      tabIndex={chip.message ? 0 : -1}
      sx={{ maxWidth: '100%' }}
    />
  );
  return chip.message ? (
    <Tooltip title={chip.message} arrow>
      {rendered}
    </Tooltip>
  ) : (
    rendered
  );
};

/**
 * The Bulk Receive tab: a range entry such as '1,2,3', '1-3' or '1-3,5'
 * (checked in the browser with the spec's messages), a Force Receive switch and a confirmation panel.
 * The server receives each range as one chunk; each range is a chip, updated while the run is polled.
 * With Force Receive on, a range with tickets that could not be received counts as accepted.
 */
export const BulkReceiveTab = ({ onFinished }: { onFinished: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [pagedChips, setPagedChips] = useState<ReceiveChip[] | null>(null);
  const summarize = (chips: readonly ReceiveChip[]) => {
    const counts = receiveOutcomeCounts(chips);
    notify('portal.bulk.receive.summary', {
      type: counts.failed + counts.forced > 0 ? 'warning' : 'success',
      messageArgs: counts,
    });
  };
  const { run, busy, start } = useRun<BulkReceiveAnswer, ReceiveChip, TicketRange>({
    onFinished: (finished) => {
      if (finished.result) summarize(finished.result.results);
      else
        chipsFromChunkPages(finished)
          .then((chips) => {
            setPagedChips(chips);
            summarize(chips);
          })
          .catch((error: unknown) => notify(errorText(translate, error), { type: 'error' }));
      onFinished();
    },
  });
  const cancelOnChange = useCallback(() => setPending(null), []);
  const numberList = useNumberList();
  // What the entry would take, asked as the confirmation opens: never-loaded tickets are named before
  // they are received (issue 34, D23).
  const check = useQuery({
    queryKey: ['bulkReceiveCheck', pending?.ticketRange],
    queryFn: () =>
      call(endpoints.postTicketBulkReceiveCheck, { body: { ticketRange: pending?.ticketRange } }),
    enabled: pending !== null,
    retry: false,
    gcTime: 0,
  });

  const submit = (values: FieldValues) => {
    const ticketRange = String(values.ticketRange ?? '').trim();
    const parsed = parseTicketRanges(ticketRange);
    if (!parsed.ok) return undefined; // the field's validator already says why
    setPending({ ticketRange, ranges: parsed.ranges, forceReceive: values.forceReceive === true });
    return undefined;
  };

  const confirm = async () => {
    if (!pending) return;
    setPending(null);
    setKeys(pending.ranges.map(ticketRangeKey));
    setPagedChips(null);
    await start(
      runRequest(endpoints.postTicketBulkReceive, {
        body: {
          ticketRange: pending.ticketRange,
          loggedInUserId: Number(currentSession()?.userId) || null,
          forceReceive: pending.forceReceive,
        },
      }),
    );
  };

  const chips = run || busy ? (pagedChips ?? receiveChips(run?.result, keys)) : [];

  return (
    <>
      <TabIntro text="portal.bulk.receive.intro" />
      <Form defaultValues={{ ticketRange: '', forceReceive: false }} onSubmit={submit} noValidate>
        <CancelOnChange onChange={cancelOnChange} />
        <FieldGrid>
          <TextInput
            source="ticketRange"
            label="portal.bulk.receive.range"
            validate={ticketRangeError}
            helperText="portal.bulk.receive.rangeHint"
            autoFocus
            autoComplete="off"
          />
          <BooleanInput
            source="forceReceive"
            label="portal.bulk.receive.forceReceive"
            helperText="portal.bulk.receive.forceReceiveHint"
            sx={{ pt: 1 }}
          />
          <SubmitButton
            label="portal.bulk.receive.submit"
            icon={<InventoryIcon />}
            busy={busy}
            disabled={pending !== null}
          />
        </FieldGrid>
      </Form>
      {pending && (
        <ConfirmPanel
          title={translate('portal.bulk.receive.confirmTitle', { smart_count: ticketCount(pending.ranges) })}
          checking={check.isPending}
          confirmLabel="portal.bulk.confirm"
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <Typography variant="body2">
            {translate('portal.bulk.receive.confirmRanges', {
              ranges: pending.ranges.map(ticketRangeKey).join(', '),
            })}
          </Typography>
          {check.data && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('portal.bulk.receive.checkCounts', {
                loaded: check.data.loaded.length,
                neverLoaded: check.data.neverLoaded.length,
                alreadyReceived: check.data.alreadyReceived.length,
                missing: check.data.missing.length,
              })}
            </Typography>
          )}
          {check.data && check.data.neverLoaded.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('portal.bulk.receive.neverLoadedWarning', {
                smart_count: check.data.neverLoaded.length,
                numbers: numberList(check.data.neverLoaded),
              })}
            </Alert>
          )}
          {check.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate('portal.bulk.receive.checkFailed', { reason: errorText(translate, check.error) })}
            </Alert>
          )}
          {pending.forceReceive && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('portal.bulk.receive.confirmForced')}
            </Typography>
          )}
        </ConfirmPanel>
      )}
      <RunProgress
        run={run}
        label="portal.bulk.receive.running"
        chunkWarnings={false}
        // From the chips: those of a run too big for its status document come from the chunk pages.
        warned={receiveOutcomeCounts(chips).failed > 0}
      />
      {chips.length > 0 && (
        <Box component="section" aria-label={translate('portal.bulk.receive.results')} sx={{ mt: 2 }}>
          <Typography variant="body2" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
            {translate('portal.bulk.receive.results')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-live="polite">
            {chips.map((chip, index) => (
              // A range may be entered twice; its position keeps the keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the entry's order is fixed for a run
              <RangeChip key={`${index}-${chip.key}`} chip={chip} />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
};
