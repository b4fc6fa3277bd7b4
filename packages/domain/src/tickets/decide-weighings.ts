import { DomainError } from '../errors';
import { scaleMessages } from '../scales/scale';
import { receipt } from './decide-receipts';
import { type ActiveTicket, netWeight, type TicketEvent, type TicketState } from './ticket';
import {
  activeTicket,
  assertMayChange,
  assertNotRejected,
  type CommandOf,
  ticketMessages,
} from './ticket-commands';

/** Weighing a ticket's truck in (one pass or two), taring it with the ticket, and letting a first weight go. */

/** Net = scale weight − tare, 2 decimals; a net of 0 or less is no load, so it is refused. */
function positiveNetWeight(scaleWeight: number, tareWeight: number): number {
  const weight = netWeight(scaleWeight, tareWeight);
  if (weight <= 0) {
    const message = scaleMessages.netNotPositive(weight);
    throw new DomainError('validation', message, { weight: message });
  }
  return weight;
}

/** The weigh-in's event: by its tare's basis, or the second pass of a ticket that holds a first weight. */
function weighing(ticket: ActiveTicket, command: CommandOf<'WeighTicket'>): TicketEvent {
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

export function weighTicket(command: CommandOf<'WeighTicket'>, state: TicketState): TicketEvent[] {
  const ticket = activeTicket(state);
  assertMayChange(ticket, command.actor);
  assertNotRejected(ticket);
  const weighed = weighing(ticket, command);
  // The first of two weighings only holds its weight: the ticket is received once its net is known.
  if (weighed.type === 'TicketFirstWeighed') return [weighed];
  // Weighing in receives the ticket; weighing a received one again only updates the weight.
  if (ticket.isReceived) return [weighed];
  const weight = 'weight' in weighed.data ? weighed.data.weight : ticket.details.weight;
  const weighedTicket = { ...ticket, details: { ...ticket.details, weight } };
  return [weighed, receipt(weighedTicket, 'scale', command.actor, command.now, null)];
}

export function tareTicket(command: CommandOf<'TareTicket'>, state: TicketState): TicketEvent[] {
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

export function discardFirstWeight(
  command: CommandOf<'DiscardFirstWeight'>,
  state: TicketState,
): TicketEvent[] {
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
