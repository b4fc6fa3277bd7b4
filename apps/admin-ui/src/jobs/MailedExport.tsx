import { Typography } from '@mui/material';
import type { RunView } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { call } from '../dataProvider/http-client';
import { currentSession } from '../session';
import { chunkWarning, isMailQueued, mailDeliveryOf } from './run';
import { useRun } from './useRun';

/** An export run's one chunk: where the mail went. */
interface ExportChunkResult {
  email?: string;
  rows?: number;
  mailId?: string;
}

/** An export run's answer (apps/api/src/reports/); `mail` is read by mailDeliveryOf. */
interface ExportRunResult {
  message?: string | null;
  error?: string | null;
  email?: string | null;
  rows?: number;
}

type ExportRun = RunView<ExportRunResult, ExportChunkResult>;

/** The signed-in user's username (an e-mail address): an export's default recipient. */
export function useOwnUsername() {
  const userId = currentSession()?.userId;
  return useQuery({
    queryKey: ['dashboard', 'ownUser', userId],
    queryFn: () => call(endpoints.getUserById, { params: { id: Number(userId) } }),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
    select: (user) => user.username,
  });
}

/** Fills in the default recipient once it has loaded, unless the user has typed one meanwhile. */
export const DefaultEmail = ({ email }: { email: string | undefined }) => {
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
export const MailState = ({ run }: { run: ExportRun | null }) => {
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
 * A spreadsheet export mailed by a run (the dashboard's Export tab, the report's 'E-mail export'): the
 * server builds it, then mails it, and this waits for the mail too. Success is 'Email with ticket export
 * has been sent to: {email}'; a failure toasts the server's message. `send` answers a refused start's error.
 */
export function useMailedExport(
  declaration: typeof endpoints.postTicketReportExcel | typeof endpoints.postTicketGenerateExcel,
) {
  const notify = useNotify();
  const { run, busy, start } = useRun<ExportRunResult, ExportChunkResult>({
    settled: (finished) => !isMailQueued(finished),
  });

  const send = async (body: unknown, email: string): Promise<{ error: unknown }> => {
    const outcome = await start({ declaration, input: { body } });
    if (outcome.error) return { error: outcome.error };
    const finished = outcome.run;
    if (!finished) return { error: null };
    const mail = mailDeliveryOf(finished);
    // Said by useRun.
    if (finished.state === 'cancelled') return { error: null };
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
    return { error: null };
  };

  return { run, busy, send };
}
