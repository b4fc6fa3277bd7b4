import { DomainError } from '../errors';
import { sameData } from '../same-data';
import { scaleMessages, type WeighingSource } from '../scales/scale';
import { bulkEditMessages, conflictingFields } from './bulk-edit';
import { externalLoadMessages } from './external-load';
import {
  type ActiveTicket,
  netWeight,
  type ReceiptSource,
  type TicketDetails,
  type TicketEvent,
  type TicketState,
} from './ticket';
import { type TruckDispatch, truckDispatchMessages } from './truck-dispatch';

/** Who acts: standard users cannot change received tickets; administrators can (spec section 6). */
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
   * The SoilFLO form (spec section 4): `details` filled from the SoilFLO load; `receive` receives an
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
  /** Bulk update and bulk clear (spec section 5): never on a received ticket. */
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

/** Net = scale weight − tare, 2 decimals (spec section 9); a net of 0 or less is no load, so it is refused. */
export function positiveNetWeight(scaleWeight: number, tareWeight: number): number {
  const weight = netWeight(scaleWeight, tareWeight);
  if (weight <= 0) {
    const message = scaleMessages.netNotPositive(weight);
    throw new DomainError('validation', message, { weight: message });
  }
  return weight;
}

/** The weigh-in's event: by its tare's basis, or the second pass of a ticket that holds a first weight. */
function weighing(
  ticket: ActiveTicket,
  command: Extract<TicketCommand, { type: 'WeighTicket' }>,
): TicketEvent {
  const { ticketId } = ticket;
  const { materialId, scaleWeight, tare, source } = command;
  if (ticket.firstWeight !== null) {
    const [grossWeight, tareWeight] = [
      Math.max(ticket.firstWeight, scaleWeight),
      Math.min(ticket.firstWeight, scaleWeight),
    ];
    const weight = positiveNetWeight(grossWeight, tareWeight);
    return {
      type: 'TicketSecondWeighed',
      data: {
        ticketId,
        materialId,
        firstWeight: ticket.firstWeight,
        secondWeight: scaleWeight,
        scaleWeight: grossWeight,
        tareWeight,
        weight,
        source,
      },
    };
  }
  if (tare.basis === 'second-weighing')
    return { type: 'TicketFirstWeighed', data: { ticketId, materialId, firstWeight: scaleWeight, source } };
  const { tareWeight } = tare;
  const weight = positiveNetWeight(scaleWeight, tareWeight);
  const data = { ticketId, materialId, scaleWeight, tareWeight, weight, source };
  if (tare.basis === 'default')
    return { type: 'TicketWeighedOnDefaultTare', data: { ...data, storedTare: tare.storedTare } };
  if (tare.basis === 'indicator') return { type: 'TicketWeighedNet', data };
  return { type: 'TicketWeighed', data };
}

function activeTicket(state: TicketState): ActiveTicket {
  if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
  return state;
}

/** The SoilFLO form is the administrators' (spec section 6), and only for SoilFLO loads. */
function externalTicket(state: TicketState, actor: TicketActor): ActiveTicket {
  const ticket = activeTicket(state);
  if (!actor.isAdministrator) throw new DomainError('forbidden', externalLoadMessages.administratorsOnly);
  if (!ticket.isSoilFLOLoad) throw new DomainError('conflict', externalLoadMessages.notExternal);
  return ticket;
}

/** A SoilFLO load's data and receipt come from SoilFLO, through its own form; the office's forms refuse it. */
function assertNotExternal(ticket: ActiveTicket): void {
  if (ticket.isSoilFLOLoad) throw new DomainError('conflict', externalLoadMessages.useExternalForm);
}

/** A rejected load is not received, weighed or dispatched until a save or a restore takes the rejection back. */
function assertNotRejected(ticket: ActiveTicket): void {
  if (ticket.isRejected) throw new DomainError('conflict', ticketMessages.rejected);
}

function assertMayChange(ticket: ActiveTicket, actor: TicketActor): void {
  if (ticket.isReceived && !actor.isAdministrator)
    throw new DomainError('forbidden', ticketMessages.receivedLocked);
}

/**
 * Which SoilFLO load a receipt is reported back to, with the net weight the ticket has. The SoilFLO
 * form reports it when its receive toggle says so (updateSoilFLO), to the load it filled the ticket
 * from; the scale and bulk receive always report a SoilFLO load's receipt, to the load the ticket was
 * filled from or, when it never was, to the one SoilFLO has for its number when the report is sent.
 */
function soilFLOReport(ticket: ActiveTicket, source: ReceiptSource) {
  const { updateSoilFLO, soilFLOTicketId, weight } = ticket.details;
  if (!ticket.isSoilFLOLoad) return {};
  if (source === 'scale' || source === 'bulk') {
    return soilFLOTicketId === null
      ? { soilFLOLoadByTicketNumber: true as const, netWeight: weight }
      : { soilFLOLoadId: soilFLOTicketId, netWeight: weight };
  }
  return updateSoilFLO && soilFLOTicketId !== null
    ? { soilFLOLoadId: soilFLOTicketId, netWeight: weight }
    : {};
}

/**
 * The receipt rules of spec section 4. From the dashboard (and so in bulk, which receives as the
 * dashboard does) the time loaded is cleared; from the ticket page (and the scale) it is set to now
 * when empty, unless `keepTimeLoaded` (Override: no time is invented for a load nobody saw leave). The
 * time received is never earlier than the time loaded, or than now when there is none.
 */
function receipt(
  ticket: ActiveTicket,
  source: ReceiptSource,
  actor: TicketActor,
  now: string,
  requestedTimeReceived: string | null | undefined,
  { keepTimeLoaded = false } = {},
): TicketEvent {
  if (ticket.isReceived) throw new DomainError('conflict', ticketMessages.alreadyReceived);
  assertNotRejected(ticket);
  const asDashboard = source === 'dashboard' || source === 'bulk';
  const timeLoaded = asDashboard
    ? null
    : keepTimeLoaded
      ? ticket.details.timeLoaded
      : (ticket.details.timeLoaded ?? now);
  // From the dashboard a receipt happens now; a form may carry the time it was received.
  const timeReceived = requestedTimeReceived ?? (asDashboard ? null : ticket.details.timeReceived) ?? now;
  const floor = timeLoaded ?? now;
  if (Date.parse(timeReceived) < Date.parse(floor)) {
    const message = timeLoaded ? ticketMessages.receivedBeforeLoaded : ticketMessages.receivedBeforeNow;
    throw new DomainError('validation', message, { timeReceived: message });
  }
  return {
    type: 'TicketReceived',
    data: {
      ticketId: ticket.ticketId,
      timeReceived,
      timeLoaded,
      receivedByUserId: actor.userId,
      source,
      ...soilFLOReport(ticket, source),
    },
  };
}

/** A form's save: the changed details, then the receipt when the form receives an unreceived ticket. */
function savedFromForm(
  ticket: ActiveTicket,
  details: TicketDetails,
  form: { receive: boolean; actor: TicketActor; now: string },
): TicketEvent[] {
  const events: TicketEvent[] = [];
  const edited = !sameData(details, ticket.details);
  if (edited) events.push({ type: 'TicketEdited', data: { ticketId: ticket.ticketId, details } });
  if (form.receive && !ticket.isReceived) {
    // An edit takes a rejection back (see evolve), so the saved ticket is receivable.
    const saved = { ...ticket, details, isRejected: ticket.isRejected && !edited };
    events.push(receipt(saved, 'ticket', form.actor, form.now, details.timeReceived));
  }
  return events;
}

export function decideTicket(command: TicketCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
    case 'GenerateTicket':
      if (state.status !== 'absent') throw new DomainError('conflict', ticketMessages.alreadyExists);
      return [{ type: 'TicketGenerated', data: command.data }];

    case 'EditTicket': {
      const ticket = activeTicket(state);
      assertMayChange(ticket, command.actor);
      assertNotExternal(ticket);
      return savedFromForm(ticket, command.details, command);
    }

    case 'ReceiveTicket': {
      const ticket = activeTicket(state);
      // The scale and bulk receive take a load as it comes, SoilFLO's or not (and report a SoilFLO load's
      // receipt); the dashboard and the ticket page leave SoilFLO's loads to its own form.
      if (command.source === 'dashboard' || command.source === 'ticket') assertNotExternal(ticket);
      const details = command.details ?? ticket.details;
      const edited = !sameData(details, ticket.details);
      const received = receipt(
        { ...ticket, details, isRejected: ticket.isRejected && !edited },
        command.source,
        command.actor,
        command.now,
        command.timeReceived,
      );
      return edited
        ? [{ type: 'TicketEdited', data: { ticketId: ticket.ticketId, details } }, received]
        : [received];
    }

    case 'SaveExternalTicket': {
      const ticket = externalTicket(state, command.actor);
      // A received ticket keeps its receipt as it was: its times, and whether it is reported.
      const { timeLoaded, timeReceived, updateSoilFLO } = ticket.details;
      const details = ticket.isReceived
        ? { ...command.details, timeLoaded, timeReceived, updateSoilFLO }
        : command.details;
      return savedFromForm(ticket, details, command);
    }

    case 'OverrideExternalLoad': {
      const ticket = externalTicket(state, command.actor);
      const reason = command.reason.trim();
      if (reason === '')
        throw new DomainError('validation', ticketMessages.overrideReasonRequired, {
          overrideReason: ticketMessages.overrideReasonRequired,
        });
      if (ticket.isReceived) throw new DomainError('conflict', ticketMessages.alreadyReceived);
      const overridden = { ...ticket, isSoilFLOLoad: false };
      return [
        { type: 'TicketExternalLoadOverridden', data: { ticketId: ticket.ticketId, reason } },
        receipt(overridden, 'ticket', command.actor, command.now, null, { keepTimeLoaded: true }),
      ];
    }

    case 'ResetReceipt': {
      const ticket = activeTicket(state);
      if (!ticket.isReceived) throw new DomainError('conflict', ticketMessages.notReceived);
      assertMayChange(ticket, command.actor);
      return [{ type: 'TicketReceiptReset', data: { ticketId: ticket.ticketId } }];
    }

    case 'RejectTicket': {
      const ticket = activeTicket(state);
      const reason = command.reason.trim();
      if (reason === '')
        throw new DomainError('validation', ticketMessages.reasonRequired, {
          reason: ticketMessages.reasonRequired,
        });
      if (ticket.isReceived) throw new DomainError('conflict', ticketMessages.rejectReceived);
      const rejected: TicketEvent = { type: 'TicketRejected', data: { ticketId: ticket.ticketId, reason } };
      // A rejected load was not received: a time received typed on the form goes too, in the log as an edit.
      return ticket.details.timeReceived === null
        ? [rejected]
        : [
            {
              type: 'TicketEdited',
              data: { ticketId: ticket.ticketId, details: { ...ticket.details, timeReceived: null } },
            },
            rejected,
          ];
    }

    case 'ToggleDispatch': {
      const ticket = activeTicket(state);
      const { timeLoaded } = ticket.details;
      const loadedToday = timeLoaded !== null && command.siteDateOf(timeLoaded) === command.today;
      if (!loadedToday || ticket.isReceived || ticket.isSoilFLOLoad) {
        throw new DomainError('conflict', ticketMessages.dispatchNotAvailable);
      }
      return [
        {
          type: 'TicketDispatchToggled',
          data: { ticketId: ticket.ticketId, isDispatched: !ticket.isDispatched },
        },
      ];
    }

    case 'WeighTicket': {
      const ticket = activeTicket(state);
      assertMayChange(ticket, command.actor);
      assertNotRejected(ticket);
      const weighed = weighing(ticket, command);
      // The first of two weighings only holds its weight: the ticket is received once its net is known.
      if (weighed.type === 'TicketFirstWeighed') return [weighed];
      // Weighing in receives the ticket (spec section 4); weighing a received one again only updates the weight.
      if (ticket.isReceived) return [weighed];
      const weight = 'weight' in weighed.data ? weighed.data.weight : ticket.details.weight;
      const weighedTicket = { ...ticket, details: { ...ticket.details, weight } };
      return [weighed, receipt(weighedTicket, 'scale', command.actor, command.now, null)];
    }

    case 'TareTicket': {
      const ticket = activeTicket(state);
      assertMayChange(ticket, command.actor);
      assertNotRejected(ticket);
      if (ticket.details.truckId !== null && ticket.details.truckId !== command.truckId)
        throw new DomainError('validation', scaleMessages.otherTruck, { ticketId: scaleMessages.otherTruck });
      if (command.grossWeight === null)
        throw new DomainError('validation', scaleMessages.notWeighedIn, {
          ticketId: scaleMessages.notWeighedIn,
        });
      const weight = positiveNetWeight(command.grossWeight, command.tareWeight);
      return [
        {
          type: 'TicketTared',
          data: {
            ticketId: ticket.ticketId,
            truckId: command.truckId,
            scaleWeight: command.grossWeight,
            tareWeight: command.tareWeight,
            weight,
            source: command.source,
          },
        },
      ];
    }

    case 'DiscardFirstWeight': {
      const ticket = activeTicket(state);
      assertMayChange(ticket, command.actor);
      if (ticket.firstWeight === null) throw new DomainError('conflict', ticketMessages.noFirstWeight);
      return [
        {
          type: 'TicketFirstWeightDiscarded',
          data: { ticketId: ticket.ticketId, firstWeight: ticket.firstWeight },
        },
      ];
    }

    case 'DispatchTruck': {
      const ticket = activeTicket(state);
      if (ticket.isSoilFLOLoad) throw new DomainError('conflict', truckDispatchMessages.externalLoad);
      if (ticket.isReceived) throw new DomainError('conflict', ticketMessages.alreadyReceived);
      assertNotRejected(ticket);
      return [
        {
          type: 'TruckDispatched',
          data: { ticketId: ticket.ticketId, dispatch: command.dispatch, source: 'driver' },
        },
      ];
    }

    case 'RestoreTicket': {
      const ticket = activeTicket(state);
      assertMayChange(ticket, command.actor);
      // Restoring data from before a receipt keeps the receipt's own times: a received ticket always has them.
      const details = ticket.isReceived
        ? {
            ...command.details,
            timeLoaded: ticket.details.timeLoaded,
            timeReceived: ticket.details.timeReceived,
          }
        : command.details;
      return [
        {
          type: 'TicketRestored',
          data: { ticketId: ticket.ticketId, details, logEntryId: command.logEntryId },
        },
      ];
    }

    case 'BulkEditTicket': {
      const ticket = activeTicket(state);
      if (ticket.isReceived) throw new DomainError('conflict', bulkEditMessages.received);
      if (!command.overwrite && conflictingFields(ticket.details, command.patch).length > 0)
        throw new DomainError('conflict', bulkEditMessages.conflictSkipped);
      const details = { ...ticket.details, ...command.patch };
      return sameData(details, ticket.details)
        ? []
        : [{ type: 'TicketEdited', data: { ticketId: ticket.ticketId, details } }];
    }

    case 'RevokeTicketLink': {
      const ticket = activeTicket(state);
      return [
        { type: 'TicketLinkRevoked', data: { ticketId: ticket.ticketId, hashNonce: command.hashNonce } },
      ];
    }

    case 'DeleteTicket': {
      const ticket = activeTicket(state);
      return [{ type: 'TicketDeleted', data: { ticketId: ticket.ticketId } }];
    }

    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}
