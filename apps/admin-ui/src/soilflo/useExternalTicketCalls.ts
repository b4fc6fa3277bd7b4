import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import type { ExternalLoad } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../dataProvider/http-client';
import { loggedInUserId } from '../tickets/ticket';
import { fieldErrorsOf, useTicketCache, useToastFailure } from '../tickets/useTicket';
import {
  type ExternalAction,
  externalSaveBody,
  loadLookupFailure,
  updateFailureMessage,
} from './external-ticket';
import { externalReceiptQueryKey } from './useExternalReceipt';

/** SoilFLO has no load for the ticket: the persistent error, with Override only after a Receive. */
export interface MissingLoad {
  ticketNumber: number;
  mayOverride: boolean;
}

const successMessages: Record<ExternalAction, string> = {
  save: 'portal.tickets.updated',
  receive: 'portal.tickets.received',
  override: 'portal.tickets.received',
  resetReceive: 'portal.tickets.receiptReset',
};

/**
 * The SoilFLO load form's calls: each starts from the latest ticket, Save and Receive
 * then pull the load by ticket number, and PUT /api/ticket/edit/soilflo answers the ticket as it now is,
 * which replaces the loaded one. One call at a time; `busy` says which runs.
 */
export function useExternalTicketCalls(
  ticket: Ticket,
  onFieldErrors: (errors: Record<string, string>) => void,
) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const toastFailure = useToastFailure();
  const { replaceTicket } = useTicketCache(ticket.id);
  const [busy, setBusy] = useState<ExternalAction | null>(null);
  const [missingLoad, setMissingLoad] = useState<MissingLoad | null>(null);

  const latestTicket = useCallback(async () => {
    try {
      return await call(endpoints.getTicketById, { params: { id: ticket.id } });
    } catch (error) {
      await toastFailure(error, 'portal.tickets.external.latestTicketFailed');
      return null;
    }
  }, [ticket.id, toastFailure]);

  /** The load SoilFLO has for the ticket's number; null (and the failure shown) when there is none. */
  const pullLoad = useCallback(
    async (latest: Ticket, mayOverride: boolean) => {
      try {
        return await call(endpoints.getTicketLoadByTicketNumber, {
          params: { ticketNumber: latest.ticketNumber },
        });
      } catch (error) {
        const failure = loadLookupFailure(error, latest.ticketNumber);
        if (failure.noLoad) setMissingLoad({ ticketNumber: latest.ticketNumber, mayOverride });
        else await toastFailure(error, failure.message);
        return null;
      }
    },
    [toastFailure],
  );

  /** True when the ticket was updated; a failure is toasted (and its field errors shown). */
  const update = useCallback(
    async (latest: Ticket, action: ExternalAction, load: ExternalLoad | null, overrideReason?: string) => {
      try {
        const updated = await call(endpoints.putTicketEditSoilflo, {
          body: externalSaveBody(latest, action, load, loggedInUserId(), overrideReason),
        });
        replaceTicket(updated);
        notify(successMessages[action], { type: 'success' });
        // A receipt, or its reset, changes what is reported back to SoilFLO.
        await queryClient.invalidateQueries({ queryKey: externalReceiptQueryKey(ticket.id) });
        return true;
      } catch (error) {
        await toastFailure(error, updateFailureMessage(error));
        const errors = fieldErrorsOf(error);
        if (errors) onFieldErrors(errors);
        return false;
      }
    },
    [replaceTicket, notify, queryClient, ticket.id, toastFailure, onFieldErrors],
  );

  /** True when the steps ran through. */
  const run = useCallback(
    async (action: ExternalAction, steps: (latest: Ticket) => Promise<boolean>) => {
      if (busy) return false;
      setBusy(action);
      setMissingLoad(null);
      try {
        const latest = await latestTicket();
        return latest ? await steps(latest) : false;
      } finally {
        setBusy(null);
      }
    },
    [busy, latestTicket],
  );

  /** Save fills the ticket from its load; Receive receives it too. */
  const fromLoad = (action: 'save' | 'receive') =>
    run(action, async (latest) => {
      const load = await pullLoad(latest, action === 'receive');
      return load ? update(latest, action, load) : false;
    });

  return {
    busy,
    missingLoad,
    dismissMissingLoad: () => setMissingLoad(null),
    save: () => fromLoad('save'),
    receive: () => fromLoad('receive'),
    /** Rejects when it failed (the failure toasted), so the reason dialog stays open for another try. */
    override: async (reason: string) => {
      if (!(await run('override', (latest) => update(latest, 'override', null, reason)))) {
        throw new Error('Override failed');
      }
    },
    resetReceive: async () => {
      await run('resetReceive', (latest) => update(latest, 'resetReceive', null));
    },
  };
}
