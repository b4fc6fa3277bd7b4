import {
  DomainError,
  decideTicket,
  evolveTicket,
  initialTicketState,
  optionalId,
  Role,
  type TicketActor,
  type TicketCommand,
  type TicketDetails,
  type TicketState,
  ticketMessages,
  ticketStreamId,
  withTicketLoaded,
} from '@portal/domain';
import { findTicket } from '@portal/projections';
import type { FastifyRequest } from 'fastify';
import type { CommandHost } from '../plugins/infrastructure';
import { handleCommand, loadAggregate } from '../write-side/command-handler';

/** What every ticket command shares: who acts, how one command is decided and appended, the answer. */

export const actorOf = (request: FastifyRequest): TicketActor => ({
  userId: request.currentUser.id,
  isAdministrator: request.currentUser.roleId === Role.Administrator,
});

export const ticketAggregate = (ticketId: number) => ({
  streamId: ticketStreamId(ticketId),
  initialState: initialTicketState,
  evolve: evolveTicket,
  // A command that gives the ticket its time loaded records TicketLoaded with it (ticket.loaded).
  decide: (command: TicketCommand, state: TicketState) =>
    withTicketLoaded(state, decideTicket(command, state)),
});

/**
 * Whom a request's command is recorded as: the signed-in user, or for an API key its issuer with the key's
 * id, so the log tells a key's actions from its issuer's own.
 */
export const recordedAs = (request: FastifyRequest): { actorId: number; apiKeyId?: string } => ({
  actorId: request.currentUser.id,
  ...(request.apiKey ? { apiKeyId: request.apiKey.id } : {}),
});

/** The signed-in user's command, built from who acts, and the options that record it as theirs. */
export function bySignedInUser(request: FastifyRequest, build: (actor: TicketActor) => TicketCommand) {
  return [build(actorOf(request)), recordedAs(request)] as const;
}

type TicketCommandOptions = {
  actorId: number | null;
  expectedVersion?: number;
  correlationId?: string;
  apiKeyId?: string;
};

/** Decides and appends one ticket command (bulk runs use this: they do not read each ticket back). */
export const applyTicketCommand = (
  app: CommandHost,
  ticketId: number,
  command: TicketCommand,
  options: TicketCommandOptions,
) => handleCommand(app.commands, ticketAggregate(ticketId), command, options);

/** Runs one ticket command and answers the ticket as the read model now shows it. */
export async function runTicketCommand(
  app: CommandHost,
  ticketId: number,
  command: TicketCommand,
  options: TicketCommandOptions,
) {
  await applyTicketCommand(app, ticketId, command, options);
  const ticket = await findTicket(app.infra.db, ticketId);
  if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
  return ticket;
}

/** The ticket as its forms show it (number and details), so a save that omits a field keeps it. */
export async function currentTicketForm(
  app: CommandHost,
  ticketId: number,
): Promise<TicketDetails & { ticketNumber: number }> {
  const { state } = await loadAggregate(app.infra.eventStore, ticketAggregate(ticketId));
  if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
  return { ticketNumber: state.ticketNumber, ...state.details };
}

/** The id of a `{ticket: {id}}` body: a missing or foreign one is 'Ticket not found.'. */
export function ticketIdInEnvelope(body: { ticket?: Record<string, unknown> }): number {
  const id = optionalId(body.ticket?.id, 'id');
  if (id === null) throw new DomainError('not_found', ticketMessages.notFound);
  return id;
}
