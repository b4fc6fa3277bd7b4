import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { externalSystemResponses, maxId, SaveExternalTicketBodySchema, TicketSchema } from '@portal/contract';
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
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { adminOnly } from '../plugins/authentication';
import type { CommandHost } from '../plugins/infrastructure';
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
  app.get(
    '/api/ticket/load/:ticketNumber',
    {
      ...adminOnly,
      schema: {
        tags: ['tickets'],
        summary:
          "SoilFLO's load for a ticket number: void and rogue loads ignored, the highest id of the rest",
        description:
          "404 'No SoilFLO load exists with BoL#: {n}' when there is none; 502 when SoilFLO fails or answers what is not a list of loads; 503 when SOILFLO_API_URL and SOILFLO_API_KEY are not set.",
        params: Type.Object({ ticketNumber: Type.Integer({ minimum: 0, maximum: maxId }) }),
        response: externalSystemResponses(ExternalLoadSchema),
      },
    },
    async (request) => pulledLoad(app, request.params.ticketNumber),
  );

  app.put(
    '/api/ticket/edit/soilflo',
    {
      ...adminOnly,
      schema: {
        tags: ['tickets'],
        summary: 'Save, receive or un-receive a SoilFLO load from its SoilFLO data; or Override',
        description:
          '`isReceived: true` receives the ticket (time received now if empty, updateSoilFLO on unless `updateSoilFLO: false`, the receipt then reported back to SoilFLO by a queued job); `isReceived: false` on a received ticket un-receives it (time received cleared, updateSoilFLO off); otherwise a save. The ticket is filled from `soilFLOData` (the load GET /api/ticket/load/{n} gave) or, without it, from the load SoilFLO has now. `override: true` receives the ticket as a non-SoilFLO ticket, recorded as an override with its `overrideReason` (required: 400 without one), its time loaded left as it was (empty stays empty). The receipt of a SoilFLO load is reported with the net weight the ticket had when received; a later weighing reports it again with the new weight. A ticket that is not a SoilFLO load is a 409.',
        body: SaveExternalTicketBodySchema,
        response: externalSystemResponses(TicketSchema),
      },
    },
    async (request) => saveExternalTicket(app, request.body, actorOf(request)),
  );
};
