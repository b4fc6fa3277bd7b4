/**
 * The SoilFLO load form's calls as data: the bodies of PUT /api/ticket/edit/soilflo,
 * what a failed lookup or update says, and how the receipt report reads. Pure, so it is unit-tested.
 */

import type { ExternalReceipt, SaveExternalTicketBody, Ticket } from '@portal/contract';
import { type ExternalLoad, externalLoadMessages } from '@portal/domain';
import { HttpError } from 'react-admin';
import { formatKg } from '../i18n/weights';

/** What an administrator does on the SoilFLO load form; Override receives it as an ordinary ticket. */
export type ExternalAction = 'save' | 'receive' | 'resetReceive' | 'override';

type LatestTicket = Pick<Ticket, 'id' | 'version' | 'ticketNumber' | 'date'>;

/** The body of PUT /api/ticket/edit/soilflo for an action on the latest ticket; Override sends its reason. */
export function externalSaveBody(
  latest: LatestTicket,
  action: ExternalAction,
  load: ExternalLoad | null,
  loggedInUserId: number | null,
  overrideReason: string | null = null,
): SaveExternalTicketBody {
  const { id, version, ticketNumber, date } = latest;
  const ticket = { id, version, ticketNumber, date, loggedInUserId };
  switch (action) {
    case 'save':
      return { ...ticket, soilFLOData: load };
    case 'receive':
      return { ...ticket, isReceived: true, updateSoilFLO: true, soilFLOData: load };
    case 'resetReceive':
      return { ...ticket, isReceived: false, updateSoilFLO: false };
    case 'override':
      return { ...ticket, isReceived: true, override: true, overrideReason };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${unknown}`);
    }
  }
}

/** The message a SoilFLO failure's body carries (502 or 503), if any. */
const externalSystemMessage = (error: unknown): string | null => {
  if (!(error instanceof HttpError) || (error.status !== 502 && error.status !== 503)) return null;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
};

/** The message of a refused call (4xx), which the server words for the user. */
const clientErrorMessage = (error: unknown): string | null =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : null;

/** A failed GET /api/ticket/load/{n}: SoilFLO has no such load, or a message to toast. */
type LoadLookupFailure = { noLoad: true } | { noLoad: false; message: string };

export function loadLookupFailure(error: unknown, ticketNumber: number): LoadLookupFailure {
  if (
    error instanceof HttpError &&
    error.status === 404 &&
    error.message === externalLoadMessages.noLoad(ticketNumber)
  ) {
    return { noLoad: true };
  }
  return {
    noLoad: false,
    message: externalSystemMessage(error) ?? clientErrorMessage(error) ?? externalLoadMessages.pullFailed,
  };
}

/** 'Failed to update SoilFLO ticket!', followed by the server's reason when it gave one. */
export function updateFailureMessage(error: unknown): string {
  const reason = externalSystemMessage(error) ?? clientErrorMessage(error);
  return reason ? `${externalLoadMessages.updateFailed} ${reason}` : externalLoadMessages.updateFailed;
}

/** How the receipt report reads: an alert's severity and a catalogue key with its arguments. */
interface ReceiptStatusText {
  severity: 'info' | 'success' | 'warning' | 'error';
  key: string;
  args: Record<string, string | number>;
}

const receiptKey = (key: string) => `portal.tickets.external.receipt.${key}`;

export function receiptStatusText(
  receipt: ExternalReceipt,
  formatTime: (instant: string) => string,
): ReceiptStatusText {
  const reason = receipt.reason ?? '';
  switch (receipt.state) {
    case 'pending':
      return receipt.attempts > 0
        ? { severity: 'warning', key: receiptKey('retrying'), args: { attempts: receipt.attempts, reason } }
        : { severity: 'info', key: receiptKey('pending'), args: {} };
    case 'sent': {
      const time = formatTime(receipt.sentAt ?? receipt.updatedAt);
      // SoilFLO takes weights in KG, whatever unit the site shows.
      return receipt.weight === null
        ? { severity: 'success', key: receiptKey('sentWithoutWeight'), args: { time } }
        : { severity: 'success', key: receiptKey('sent'), args: { time, weight: formatKg(receipt.weight) } };
    }
    case 'failed':
      return { severity: 'error', key: receiptKey('failed'), args: { attempts: receipt.attempts, reason } };
    case 'withdrawn':
      return { severity: 'info', key: receiptKey('withdrawn'), args: {} };
    default: {
      const unknown: never = receipt.state;
      throw new Error(`Unknown receipt state ${unknown}`);
    }
  }
}
