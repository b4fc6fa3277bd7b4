import { DomainError } from '../errors';
import type { WeighingSource } from '../scales/scale';
import { externalLoadMessages } from './external-load';
import type { ActiveTicket, ReceiptSource, TicketDetails, TicketState } from './ticket';
import type { TruckDispatch } from './truck-dispatch';

/** Who acts: standard users cannot change received tickets; administrators can (docs/rules.md, "Roles"). */
export interface TicketActor {
  userId: number;
  isAdministrator: boolean;
}

/**
 * Where a weigh-in's tare comes from: the truck's stored tare, the site's default tare (chosen by the
 * operator because the stored one is missing or expired), the tare the indicator held for a net reading,
 * or none yet: the weight is the first of two (two-pass weighing).
 */
export type TareBasis =
  | { basis: 'stored'; tareWeight: number }
  | { basis: 'default'; tareWeight: number; storedTare: 'missing' | 'expired' }
  | { basis: 'indicator'; tareWeight: number }
  | { basis: 'second-weighing' };

export type TicketCommand =
  | {
      type: 'GenerateTicket';
      data: {
        ticketId: number;
        prefix: number;
        ticketNumber: number;
        isSoilFLOLoad: boolean;
        hashNonce: string;
        date: string;
      };
    }
  /** A save from a ticket form; `receive` is the spec client's way to receive (isReceived: true). */
  | { type: 'EditTicket'; details: TicketDetails; receive: boolean; actor: TicketActor; now: string }
  /** `details`: what the Receive dialog filled in on an incomplete ticket, saved with the receipt in one append. */
  | {
      type: 'ReceiveTicket';
      source: ReceiptSource;
      actor: TicketActor;
      now: string;
      timeReceived?: string | null;
      details?: TicketDetails;
    }
  | { type: 'ResetReceipt'; actor: TicketActor }
  /**
   * The SoilFLO form: `details` filled from the SoilFLO load; `receive` receives an
   * unreceived ticket (updateSoilFLO in the details says whether the receipt is reported back).
   */
  | { type: 'SaveExternalTicket'; details: TicketDetails; receive: boolean; actor: TicketActor; now: string }
  /** 'Override?': SoilFLO has no load, so the ticket is received as a non-SoilFLO ticket, for the reason given. */
  | { type: 'OverrideExternalLoad'; reason: string; actor: TicketActor; now: string }
  | { type: 'RejectTicket'; reason: string; actor: TicketActor }
  | {
      type: 'ToggleDispatch';
      actor: TicketActor;
      /** The site's calendar day, and the function giving the site's day of an instant. */
      today: string;
      siteDateOf: (instant: string) => string;
    }
  | {
      type: 'WeighTicket';
      materialId: number;
      /** The weight on the scale: a gross, or with the indicator's tare, the net reading plus that tare. */
      scaleWeight: number;
      /** Where the tare comes from; a ticket holding a first weight is completed by this weighing whatever it says. */
      tare: TareBasis;
      source: WeighingSource;
      actor: TicketActor;
      now: string;
    }
  /** `grossWeight`: the scale weight of the ticket's weigh-in (see `lastScaleWeight`), null if never weighed. */
  | {
      type: 'TareTicket';
      truckId: number;
      tareWeight: number;
      grossWeight: number | null;
      source: WeighingSource;
      actor: TicketActor;
    }
  /** The truck left without its second weighing: its ticket lets the first weight go. */
  | { type: 'DiscardFirstWeight'; actor: TicketActor }
  | { type: 'RestoreTicket'; details: TicketDetails; logEntryId: number; actor: TicketActor }
  /** From the Truck Dispatch page: no user, the ticket's link is the authority. */
  | { type: 'DispatchTruck'; dispatch: TruckDispatch }
  /** `hashNonce`: the new link's nonce, random, made by the caller (deciders make no randomness). */
  | { type: 'RevokeTicketLink'; hashNonce: string; actor: TicketActor }
  /** Bulk update and bulk clear: never on a received ticket. */
  | { type: 'BulkEditTicket'; patch: Partial<TicketDetails>; overwrite: boolean; actor: TicketActor }
  | { type: 'DeleteTicket'; actor: TicketActor };

export const ticketMessages = {
  notFound: 'Ticket not found.',
  alreadyExists: 'This ticket already exists.',
  alreadyReceived: 'This ticket has already been received.',
  notReceived: 'This ticket has not been received.',
  receivedLocked: 'Standard users cannot edit received tickets.',
  reasonRequired: 'A reason is required to reject a ticket.',
  overrideReasonRequired: 'A reason is required to override SoilFLO and receive the ticket without its load.',
  rejectReceived: 'A received ticket cannot be rejected. Reset it first.',
  rejected:
    'This ticket was rejected: save it with its new load, or restore it from its log, before receiving, weighing or dispatching it.',
  dispatchNotAvailable:
    'The dispatch lock is only available for tickets loaded today, not received and not from SoilFLO.',
  receivedBeforeLoaded: 'Time received cannot be earlier than time loaded',
  receivedBeforeNow: 'Time received cannot be earlier than now when there is no time loaded',
  noFirstWeight: 'This ticket holds no first weight.',
} as const;

/** The command of one type, as its decider takes it. */
export type CommandOf<Type extends TicketCommand['type']> = Extract<TicketCommand, { type: Type }>;

export function activeTicket(state: TicketState): ActiveTicket {
  if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
  return state;
}

/** The SoilFLO form is the administrators', and only for SoilFLO loads. */
export function externalTicket(state: TicketState, actor: TicketActor): ActiveTicket {
  const ticket = activeTicket(state);
  if (!actor.isAdministrator) throw new DomainError('forbidden', externalLoadMessages.administratorsOnly);
  if (!ticket.isSoilFLOLoad) throw new DomainError('conflict', externalLoadMessages.notExternal);
  return ticket;
}

/** A SoilFLO load's data and receipt come from SoilFLO, through its own form; the office's forms refuse it. */
export function assertNotExternal(ticket: ActiveTicket): void {
  if (ticket.isSoilFLOLoad) throw new DomainError('conflict', externalLoadMessages.useExternalForm);
}

/** A rejected load is not received, weighed or dispatched until a save or a restore takes the rejection back. */
export function assertNotRejected(ticket: ActiveTicket): void {
  if (ticket.isRejected) throw new DomainError('conflict', ticketMessages.rejected);
}

export function assertMayChange(ticket: ActiveTicket, actor: TicketActor): void {
  if (ticket.isReceived && !actor.isAdministrator)
    throw new DomainError('forbidden', ticketMessages.receivedLocked);
}
