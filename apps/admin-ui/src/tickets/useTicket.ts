import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { call } from '../dataProvider/http-client';
import { currentSession } from '../session';
import { loggedInUserId, ticketSaveEnvelope } from './ticket';

/** The ticket page says 'Loading...' for at least 1 second. */
const MINIMUM_LOADING_MS = 1000;

function useMinimumDelay(key: string): boolean {
  const [elapsedFor, setElapsedFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setElapsedFor(key), MINIMUM_LOADING_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return elapsedFor === key;
}

const ticketQueryKey = (id: string) => ['tickets', 'page', id] as const;

/** One of the ticket page's loads; `ready` turns true once loaded and at least 1 second has passed. */
function useTicketPageQuery<T>(
  id: string,
  queryKey: readonly unknown[],
  load: () => Promise<T>,
  enabled: boolean,
) {
  const query = useQuery({ queryKey, queryFn: load, enabled, retry: false });
  const minimumElapsed = useMinimumDelay(id);
  return { ...query, ready: minimumElapsed && !query.isPending };
}

/** The ticket of /ticket/{id} for a signed-in user: GET /api/ticket/{id}. */
export const useTicket = (id: string) =>
  useTicketPageQuery(
    id,
    ticketQueryKey(id),
    () => call(endpoints.getTicketById, { params: { id: Number(id) } }),
    currentSession() !== null,
  );

/** What the public link shows without login: GET /api/ticket/{id}/{hash}. */
export const usePublicTicket = (id: string, hash: string) =>
  useTicketPageQuery(
    id,
    ['tickets', 'public', id, hash],
    () => call(endpoints.getTicketByIdByHash, { params: { id: Number(id), hash } }),
    true,
  );

/** Field errors of a 400 answer ({message, errors: {field: message}}), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : null;
}

/** The loaded ticket of /ticket/{id}: replaced by a call's answer, or reloaded. */
export function useTicketCache(id: number) {
  const queryClient = useQueryClient();
  const replaceTicket = useCallback(
    (updated: Ticket) => {
      queryClient.setQueriesData<Ticket>({ queryKey: ticketQueryKey(String(id)) }, updated);
    },
    [queryClient, id],
  );
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ticketQueryKey(String(id)) }),
    [queryClient, id],
  );
  return { replaceTicket, reload };
}

/**
 * Toasts a failed call: a 401 or 403 ends the session instead; otherwise `message`, or the
 * error's own.
 */
export function useToastFailure() {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async (error: unknown, message?: string) => {
      if (await logoutIfAccessDenied(error)) return;
      const text =
        message ?? (error instanceof Error && error.message ? error.message : 'portal.errors.unexpected');
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [logoutIfAccessDenied, notify],
  );
}

/**
 * The ticket page's calls. Each answers the ticket as it now is, which replaces the loaded one (so the form
 * and its version follow). Failures toast their message; a 401 or 403 ends the session.
 */
export function useTicketCalls(ticket: Ticket) {
  const notify = useNotify();
  const toastFailure = useToastFailure();
  const { replaceTicket, reload } = useTicketCache(ticket.id);

  /** Toasts a failure (unless it ended the session) and rethrows it for the caller's own handling. */
  const failed = useCallback(
    async (error: unknown): Promise<never> => {
      await toastFailure(error);
      throw error;
    },
    [toastFailure],
  );

  const save = useCallback(
    async (
      form: 'full' | 'short',
      fields: Record<string, unknown>,
      options: { receive: boolean; createTransportIfDoesNotExist: boolean },
    ) => {
      const declaration = form === 'full' ? endpoints.putTicketEdit : endpoints.putTicketEditShort;
      try {
        const updated = await call(declaration, {
          body: ticketSaveEnvelope(ticket, fields, { ...options, loggedInUserId: loggedInUserId() }),
        });
        replaceTicket(updated);
        notify(options.receive ? 'portal.tickets.received' : 'portal.tickets.updated', { type: 'success' });
        return updated;
      } catch (error) {
        return failed(error);
      }
    },
    [ticket, replaceTicket, notify, failed],
  );

  const reject = useCallback(
    async (reason: string) => {
      try {
        await call(endpoints.postTicketReject, {
          body: { ticketId: ticket.id, reason, loggedInUserId: loggedInUserId() },
        });
        notify('portal.tickets.rejected', { type: 'success' });
        // After a rejection the ticket reloads.
        await reload();
      } catch (error) {
        await failed(error);
      }
    },
    [ticket.id, notify, reload, failed],
  );

  const resetReceipt = useCallback(async () => {
    try {
      const updated = await call(endpoints.putTicketReset, {
        body: { ticket: { id: ticket.id }, loggedInUserId: loggedInUserId() },
      });
      replaceTicket(updated);
      notify('portal.tickets.receiptReset', { type: 'success' });
    } catch (error) {
      await failed(error);
    }
  }, [ticket.id, replaceTicket, notify, failed]);

  /** Administrators: a new public link replaces the old one, which then opens nothing; answers the new hash. */
  const revokeLink = useCallback(async () => {
    try {
      const { hash } = await call(endpoints.postTicketByIdHashRevoke, { params: { id: ticket.id } });
      // The revocation is an event on the ticket: its version moved on.
      await reload();
      return hash;
    } catch (error) {
      return failed(error);
    }
  }, [ticket.id, reload, failed]);

  return { save, reject, resetReceipt, revokeLink };
}
