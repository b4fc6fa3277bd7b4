import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Typography } from '@mui/material';
import type { RunView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { type FieldValues, useFormContext } from 'react-hook-form';
import { apiRequest } from '../../dataProvider/http-client';
import { RunProgress } from '../../runs/RunProgress';
import { chunkWarning, isMailQueued, mailDeliveryOf } from '../../runs/run';
import { useRun } from '../../runs/useRun';
import { currentSession } from '../../session';
import { FieldGrid, SubmitButton, serverFieldErrors, TabIntro, TicketNumberRangeInputs } from './BulkParts';
import { exportBody, exportEmailError, type TicketNumberRange, ticketNumberRangeOf } from './bulk-forms';

/** The export run's one chunk: where the mail went. */
interface ExportChunkResult {
  email?: string;
  rows?: number;
  mailId?: string;
}

/** The export run's answer (services/api/src/reports/ticket-export.ts); `mail` is read by mailDeliveryOf. */
interface ExportRunResult {
  message?: string | null;
  error?: string | null;
  email?: string | null;
  rows?: number;
}

type ExportRun = RunView<ExportRunResult, ExportChunkResult, TicketNumberRange>;

/** The signed-in user's username (an e-mail address): the export's default recipient. */
function useOwnUsername() {
  const userId = currentSession()?.userId;
  return useQuery({
    queryKey: ['dashboard', 'ownUser', userId],
    queryFn: () => apiRequest<{ username: string }>(`/api/user/${encodeURIComponent(userId ?? '')}`),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
    select: (user) => user.username,
  });
}

/** Fills in the default recipient once it has loaded, unless the user has typed one meanwhile. */
const DefaultEmail = ({ email }: { email: string | undefined }) => {
  const { getValues, setValue, getFieldState } = useFormContext();
  useEffect(() => {
    if (email && !getValues('email') && !getFieldState('email').isDirty) setValue('email', email);
  }, [email, getValues, setValue, getFieldState]);
  return null;
};

/** The address the run reports having mailed, else the one asked for. */
const mailedTo = (run: ExportRun, asked: string): string =>
  run.result?.email || run.chunks[0]?.result?.email || asked;

/** Where the export's mail is: waiting to go out, sent (or kept in the outbox), or refused. */
const MailState = ({ run }: { run: ExportRun | null }) => {
  const translate = useTranslate();
  const mail = mailDeliveryOf(run);
  if (!run || !mail || mail.state === 'unknown') return null;
  return (
    <Typography
      variant="body2"
      role="status"
      color={mail.state === 'failed' ? 'error' : 'text.secondary'}
      sx={{ mt: 1 }}
    >
      {translate(`portal.bulk.export.mail.${mail.state}`, {
        email: mailedTo(run, ''),
        reason: mail.failedReason ?? '',
      })}
    </Typography>
  );
};

/**
 * The Export tab (spec sections 2, 7 and 8): from, to and the recipient (the signed-in user by default).
 * The server builds the spreadsheet in a run, then mails it; the tab waits for the mail too. Success is
 * 'Email with ticket export has been sent to: {email}'; a failure shows the server's message.
 */
export const ExportTab = () => {
  const notify = useNotify();
  const username = useOwnUsername();
  const { run, busy, start } = useRun<ExportRunResult, ExportChunkResult, TicketNumberRange>({
    settled: (finished) => !isMailQueued(finished),
  });

  const submit = async (values: FieldValues) => {
    const email = String(values.email ?? '').trim();
    const outcome = await start({
      path: '/api/ticket/generate/excel',
      body: exportBody(ticketNumberRangeOf(values), email),
    });
    // A refused start has been toasted with its message; its field errors go under the fields.
    if (outcome.error) return serverFieldErrors(outcome.error);
    const finished = outcome.run;
    if (!finished) return undefined;
    const mail = mailDeliveryOf(finished);
    if (finished.state !== 'completed') {
      const message =
        finished.result?.error ||
        (finished.chunks.map(chunkWarning).find((warning) => warning !== null) ?? 'portal.errors.unexpected');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } else if (mail?.state === 'failed') {
      notify('portal.bulk.export.mail.failed', {
        type: 'error',
        messageArgs: { email: mailedTo(finished, email), reason: mail.failedReason ?? '' },
      });
    } else {
      notify('portal.bulk.export.sent', {
        type: 'success',
        messageArgs: { email: mailedTo(finished, email) },
      });
    }
    return undefined;
  };

  return (
    <>
      <TabIntro text="portal.bulk.export.intro" />
      <Form defaultValues={{ from: null, to: null, email: '' }} onSubmit={submit} noValidate>
        <DefaultEmail email={username.data} />
        <FieldGrid>
          <TicketNumberRangeInputs />
          <TextInput
            source="email"
            type="email"
            label="portal.bulk.export.email"
            validate={exportEmailError}
            autoComplete="email"
          />
          <SubmitButton label="portal.bulk.export.submit" icon={<ForwardToInboxIcon />} busy={busy} />
        </FieldGrid>
      </Form>
      <RunProgress run={run} label="portal.bulk.export.running" />
      <MailState run={run} />
    </>
  );
};
