import type { BulkCheck, BulkEditRunResult } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { Form, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { call } from '../../../dataProvider/http-client';
import { RunProgress } from '../../../jobs/RunProgress';
import { useRun } from '../../../jobs/useRun';
import { CancelOnChange, ConfirmPanel, SubmitButton, serverFieldErrors, TabIntro } from './BulkParts';
import type { BulkEditKind, TicketNumberRange } from './bulk-forms';
import { CheckSummary } from './CheckSummary';
import { RunSummary } from './RunSummary';

/** Where each kind checks and runs. */
const routes = {
  update: { check: endpoints.postTicketBulkCheck, run: endpoints.postTicketBulk },
  clear: { check: endpoints.postTicketBulkClearCheck, run: endpoints.postTicketBulkClear },
} satisfies Record<BulkEditKind, unknown>;

interface Pending<Body> {
  body: Body;
  check: BulkCheck | null;
}

interface BulkEditTabProps<Body extends TicketNumberRange> {
  kind: BulkEditKind;
  intro: string;
  defaultValues: FieldValues;
  /** The body of the check and of the run; null when it would change nothing (the message to show). */
  bodyOf: (values: FieldValues) => { body: Body } | { nothing: string };
  /** The body the check is asked with (Update: always without Force Update, so it lists every conflict). */
  checkBodyOf?: (body: Body) => unknown;
  confirmFields?: (body: Body) => string;
  forceUpdateOf?: (body: Body) => boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  children: ReactNode;
  onFinished: () => void;
}

/**
 * The Update and Clear tabs share one flow: the form, then the check (what
 * would change, changing nothing) in a confirmation panel, then the run with its progress and a summary.
 */
export function BulkEditTab<Body extends TicketNumberRange>({
  kind,
  intro,
  defaultValues,
  bodyOf,
  checkBodyOf = (body) => body,
  confirmFields = () => '',
  forceUpdateOf = () => false,
  submitLabel,
  submitIcon,
  children,
  onFinished,
}: BulkEditTabProps<Body>) {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [pending, setPending] = useState<Pending<Body> | null>(null);
  const { run, busy, start, clear } = useRun<BulkEditRunResult, unknown, TicketNumberRange>({
    onFinished: (finished) => {
      if (finished.state === 'completed')
        notify(`portal.bulk.${kind}.summary`, {
          type: 'success',
          messageArgs: { smart_count: finished.result?.updated ?? 0 },
        });
      else if (finished.state === 'failed') notify(`portal.bulk.${kind}.failed`, { type: 'error' });
      onFinished();
    },
    // 'Error occurred updating tickets.' when a bulk clear (or update) cannot start.
    onError: () => notify(`portal.bulk.${kind}.failed`, { type: 'error' }),
  });
  const cancelOnChange = useCallback(() => setPending(null), []);

  const submit = async (values: FieldValues) => {
    const built = bodyOf(values);
    if ('nothing' in built) {
      notify(built.nothing, { type: 'warning' });
      return undefined;
    }
    const { body } = built;
    clear();
    setPending({ body, check: null });
    try {
      // The bulk calls take a loose record, each field read by the server.
      const check = await call(routes[kind].check, { body: checkBodyOf(body) as Record<string, unknown> });
      // Only if the panel is still open for this body (not cancelled or replaced meanwhile).
      setPending((current) => (current?.body === body ? { body, check } : current));
      return undefined;
    } catch (error) {
      setPending((current) => (current?.body === body ? null : current));
      if (await logoutIfAccessDenied(error)) return undefined;
      // The check failing closes the panel with this toast.
      notify('portal.bulk.update.checkFailed', { type: 'error' });
      return serverFieldErrors(error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { body } = pending;
    setPending(null);
    if (kind === 'update')
      notify('portal.bulk.update.updating', { type: 'info', messageArgs: { from: body.from, to: body.to } });
    await start({ declaration: routes[kind].run, input: { body } });
  };

  return (
    <>
      <TabIntro text={intro} />
      <Form defaultValues={defaultValues} onSubmit={submit} noValidate>
        <CancelOnChange onChange={cancelOnChange} />
        {children}
        <SubmitButton label={submitLabel} icon={submitIcon} busy={busy} disabled={pending !== null} />
      </Form>
      {pending && (
        <ConfirmPanel
          title={translate(`portal.bulk.${kind}.confirmTitle`, {
            from: pending.body.from,
            to: pending.body.to,
          })}
          checking={pending.check === null}
          confirmLabel="portal.bulk.confirm"
          confirmDisabled={pending.check?.count === 0}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending.check && (
            <CheckSummary
              kind={kind}
              check={pending.check}
              forceUpdate={forceUpdateOf(pending.body)}
              clearedFields={confirmFields(pending.body)}
            />
          )}
        </ConfirmPanel>
      )}
      <RunProgress
        run={run}
        label={`portal.bulk.${kind}.running`}
        warned={(run?.result?.skipped?.length ?? 0) > 0}
      />
      {run?.finishedAt && run.result && <RunSummary kind={kind} result={run.result} />}
    </>
  );
}
