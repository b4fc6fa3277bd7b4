import { DomainError } from '../errors';
import { sameData } from '../same-data';
import type { ActiveTicket, ReceiptSource, TicketDetails, TicketEvent, TicketState } from './ticket';
import {
  activeTicket,
  assertMayChange,
  assertNotExternal,
  assertNotRejected,
  type CommandOf,
  externalTicket,
  type TicketActor,
  ticketMessages,
} from './ticket-commands';

/** Receiving, rejecting and resetting a ticket, from its forms, the dashboard, the scale or in bulk. */

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
 * The receipt rules (docs/rules.md, "Tickets and their states"). From the dashboard (and so in bulk,
 * which receives as the dashboard does) the time loaded is cleared; from the ticket page (and the
 * scale) it is set to now when empty, unless `keepTimeLoaded` (Override: no time is invented for a
 * load nobody saw leave). The time received is never earlier than the time loaded, or than now when
 * there is none.
 */
export function receipt(
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

export function editTicket(command: CommandOf<'EditTicket'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  assertMayChange(ticket, command.actor);
  assertNotExternal(ticket);
  return savedFromForm(ticket, command.details, command);
}

export function receiveTicket(command: CommandOf<'ReceiveTicket'>, state: TicketState): TicketEvent[] {
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

export function saveExternalTicket(
  command: CommandOf<'SaveExternalTicket'>,
  state: TicketState,
): TicketEvent[] {
  const ticket = externalTicket(state, command.actor);
  // A received ticket keeps its receipt as it was: its times, and whether it is reported.
  const { timeLoaded, timeReceived, updateSoilFLO } = ticket.details;
  const details = ticket.isReceived
    ? { ...command.details, timeLoaded, timeReceived, updateSoilFLO }
    : command.details;
  return savedFromForm(ticket, details, command);
}

export function overrideExternalLoad(
  command: CommandOf<'OverrideExternalLoad'>,
  state: TicketState,
): TicketEvent[] {
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

export function resetReceipt(command: CommandOf<'ResetReceipt'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  if (!ticket.isReceived) throw new DomainError('conflict', ticketMessages.notReceived);
  assertMayChange(ticket, command.actor);
  return [{ type: 'TicketReceiptReset', data: { ticketId: ticket.ticketId } }];
}

export function rejectTicket(command: CommandOf<'RejectTicket'>, state: TicketState): TicketEvent[] {
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
