import { DomainError } from '../errors';
import { sameData } from '../same-data';
import { bulkEditMessages, conflictingFields } from './bulk-edit';
import {
  editTicket,
  overrideExternalLoad,
  receiveTicket,
  rejectTicket,
  resetReceipt,
  saveExternalTicket,
} from './decide-receipts';
import { discardFirstWeight, tareTicket, weighTicket } from './decide-weighings';
import type { TicketEvent, TicketState } from './ticket';
import {
  activeTicket,
  assertMayChange,
  assertNotRejected,
  type CommandOf,
  type TicketCommand,
  ticketMessages,
} from './ticket-commands';
import { truckDispatchMessages } from './truck-dispatch';

/** The ticket's decider: one function per command (these, and the receipts' and the weighings'). */
const deciders: {
  [Type in TicketCommand['type']]: (command: CommandOf<Type>, state: TicketState) => TicketEvent[];
} = {
  GenerateTicket: generateTicket,
  EditTicket: editTicket,
  ReceiveTicket: receiveTicket,
  SaveExternalTicket: saveExternalTicket,
  OverrideExternalLoad: overrideExternalLoad,
  ResetReceipt: resetReceipt,
  RejectTicket: rejectTicket,
  ToggleDispatch: toggleDispatch,
  WeighTicket: weighTicket,
  TareTicket: tareTicket,
  DiscardFirstWeight: discardFirstWeight,
  DispatchTruck: dispatchTruck,
  RestoreTicket: restoreTicket,
  BulkEditTicket: bulkEditTicket,
  RevokeTicketLink: revokeTicketLink,
  DeleteTicket: deleteTicket,
};

export const decideTicket = (command: TicketCommand, state: TicketState): TicketEvent[] =>
  (deciders[command.type] as (command: TicketCommand, state: TicketState) => TicketEvent[])(command, state);

function generateTicket(command: CommandOf<'GenerateTicket'>, state: TicketState): TicketEvent[] {
  if (state.status !== 'absent') throw new DomainError('conflict', ticketMessages.alreadyExists);
  return [{ type: 'TicketGenerated', data: command.data }];
}

function toggleDispatch(command: CommandOf<'ToggleDispatch'>, state: TicketState): TicketEvent[] {
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

function dispatchTruck(command: CommandOf<'DispatchTruck'>, state: TicketState): TicketEvent[] {
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

function restoreTicket(command: CommandOf<'RestoreTicket'>, state: TicketState): TicketEvent[] {
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

function bulkEditTicket(command: CommandOf<'BulkEditTicket'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  if (ticket.isReceived) throw new DomainError('conflict', bulkEditMessages.received);
  if (!command.overwrite && conflictingFields(ticket.details, command.patch).length > 0)
    throw new DomainError('conflict', bulkEditMessages.conflictSkipped);
  const details = { ...ticket.details, ...command.patch };
  return sameData(details, ticket.details)
    ? []
    : [{ type: 'TicketEdited', data: { ticketId: ticket.ticketId, details } }];
}

function revokeTicketLink(command: CommandOf<'RevokeTicketLink'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  return [{ type: 'TicketLinkRevoked', data: { ticketId: ticket.ticketId, hashNonce: command.hashNonce } }];
}

function deleteTicket(_command: CommandOf<'DeleteTicket'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  return [{ type: 'TicketDeleted', data: { ticketId: ticket.ticketId } }];
}
