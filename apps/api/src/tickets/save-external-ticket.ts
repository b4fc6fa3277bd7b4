import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type SaveExternalTicketBodySchema } from '@portal/contract';
import {
  type ActiveTicket,
  chooseExternalLoad,
  DomainError,
  decideTicket,
  type ExternalLoad,
  ExternalLoadSchema,
  externalLoadFill,
  externalLoadMessages,
  optionalId,
  type TicketActor,
  type TicketCommand,
  type TicketDetails,
  ticketMessages,
  validateExternalTicket,
} from '@portal/domain';
import { Value } from '@sinclair/typebox/value';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { SoilFloError } from '../soilflo/soilflo-client';
import { loadAggregate } from '../write-side/command-handler';
import { actorOf, runTicketCommand, ticketAggregate } from './ticket-command';
import { companyIdByName } from './ticket-references';

/** The load SoilFLO has for a ticket number: void and rogue ignored, the highest id. */
async function pulledLoad(app: CommandHost, ticketNumber: number): Promise<ExternalLoad> {
  const load = chooseExternalLoad(await app.infra.soilFlo.loadsFor(ticketNumber));
  if (!load) throw new DomainError('not_found', externalLoadMessages.noLoad(ticketNumber));
  return load;
}

/** `soilFLOData`: the load the client's lookup found, held to the rules SoilFLO's own answers are. */
function givenLoad(value: unknown): ExternalLoad | null {
  if (value === undefined || value === null) return null;
  if (!Value.Check(ExternalLoadSchema, value) || chooseExternalLoad([value]) === null) {
    throw new DomainError('validation', externalLoadMessages.notCorrect, {
      soilFLOData: externalLoadMessages.notCorrect,
    });
  }
  return value;
}

async function externalTicketState(app: CommandHost, ticketId: number): Promise<ActiveTicket> {
  const { state } = await loadAggregate(app.infra.eventStore, ticketAggregate(ticketId));
  if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
  // Before SoilFLO is asked anything.
  if (!state.isSoilFLOLoad) throw new DomainError('conflict', externalLoadMessages.notExternal);
  return state;
}

type SaveExternalBody = typeof SaveExternalTicketBodySchema.static;

/** Stands in for a company SoilFLO names while the save is tried out (never saved). */
const NAMED_COMPANY = 1;

/**
 * Save or Receive on the SoilFLO form: the ticket filled from its SoilFLO load (the client's
 * `soilFLOData`, or the one SoilFLO has now), received when asked. The companies SoilFLO names are
 * found by name or created, but only once the save is known to pass, so a refused one changes nothing.
 */
async function saveFromLoad(
  app: CommandHost,
  ticket: ActiveTicket,
  body: SaveExternalBody,
  actor: TicketActor,
  expectedVersion: number | undefined,
) {
  const given = givenLoad(body.soilFLOData);
  const load = given ?? (await pulledLoad(app, ticket.ticketNumber));
  const fill = externalLoadFill(load);
  // A dispatch time that is no time: the client's data (400) or SoilFLO's (502) is not correct.
  if (fill.timeLoaded === null) {
    if (given) throw new DomainError('validation', externalLoadMessages.notCorrect);
    throw new SoilFloError('not_correct', externalLoadMessages.notCorrect);
  }
  const receive = body.isReceived === true && !ticket.isReceived;
  const { contractorCompanyName, transportCompanyName, ...fields } = fill;
  const details: TicketDetails = validateExternalTicket({
    ...ticket.details,
    ...fields,
    ticketNumber: body.ticketNumber === undefined ? ticket.ticketNumber : body.ticketNumber,
    date: body.date === undefined ? ticket.details.date : body.date,
    updateSoilFLO: receive ? body.updateSoilFLO !== false : ticket.details.updateSoilFLO,
  });
  const command = (named: Partial<TicketDetails>): TicketCommand => ({
    type: 'SaveExternalTicket',
    details: { ...details, ...named },
    receive,
    actor,
    now: new Date().toISOString(),
  });
  decideTicket(
    command({
      ...(contractorCompanyName ? { contractorCompanyId: NAMED_COMPANY } : {}),
      ...(transportCompanyName ? { transportCompanyId: NAMED_COMPANY } : {}),
    }),
    ticket,
  );
  const named: Partial<TicketDetails> = {};
  if (contractorCompanyName)
    named.contractorCompanyId = await companyIdByName(app, 'contractor', contractorCompanyName, actor.userId);
  if (transportCompanyName)
    named.transportCompanyId = await companyIdByName(app, 'transport', transportCompanyName, actor.userId);
  return runTicketCommand(app, ticket.ticketId, command(named), { actorId: actor.userId, expectedVersion });
}

/** PUT /api/ticket/edit/soilflo: the receive toggle, Save and 'Override?' (docs/soilflo.md). */
async function saveExternalTicket(app: CommandHost, body: SaveExternalBody, actor: TicketActor) {
  const ticketId = optionalId(body.id, 'id');
  if (ticketId === null) throw new DomainError('not_found', ticketMessages.notFound);
  const ticket = await externalTicketState(app, ticketId);
  const expectedVersion = typeof body.version === 'number' ? body.version : undefined;
  const options = { actorId: actor.userId, expectedVersion };
  if (body.override === true) {
    const command: TicketCommand = {
      type: 'OverrideExternalLoad',
      reason: body.overrideReason ?? '',
      actor,
      now: new Date().toISOString(),
    };
    return runTicketCommand(app, ticketId, command, options);
  }
  if (body.isReceived === false && ticket.isReceived) {
    return runTicketCommand(app, ticketId, { type: 'ResetReceipt', actor }, options);
  }
  return saveFromLoad(app, ticket, body, actor, expectedVersion);
}

/** The SoilFLO form: administrators only. */
export const externalTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getTicketLoadByTicketNumber, async (request) =>
    pulledLoad(app, request.params.ticketNumber),
  );

  route(app, endpoints.putTicketEditSoilflo, async (request) =>
    saveExternalTicket(app, request.body, actorOf(request)),
  );
};
