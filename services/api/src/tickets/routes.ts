import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkReceiveAnswerSchema,
  DailyCountsSchema,
  errorResponses,
  GenerateAnswerSchema,
  IdParams,
  LogEntrySchema,
  LooseRecord,
  maxId,
  PublicTicketSchema,
  TicketEnvelope,
  TicketFilterBody,
  TicketList,
  TicketSchema,
} from '@portal/contract';
import {
  DomainError,
  generateMessages,
  isStorableInstant,
  maxStoredAmount,
  maxTicketNumber,
  Nullable,
  optionalId,
  optionalNumber,
  readTicketDetails,
  type TicketCommand,
  ticketFormMessages,
  ticketMessages,
  validateGeneration,
} from '@portal/domain';
import {
  activeTicketsToday,
  dailyCounts,
  findTicket,
  findTicketHashNonce,
  findTicketLogEntry,
  findTruck,
  getSettings,
  listTicketLog,
  loadedTicketsToday,
  receivedTicketsToday,
  reportTickets,
  searchTickets,
  type TicketFilter,
} from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { PreferHeaders, runAnswers, runResponses, runRouteDescription } from '../jobs/run-answers';
import { chosenId } from '../loose-body';
import { bulkReceiveOf, bulkReceiveSchema } from './bulk-receive';
import {
  actorOf,
  deleteTicket,
  receiveTicket,
  revokeTicketLink,
  runTicketCommand,
  saveTicket,
  toggleDispatch,
  weighTicket,
} from './commands';
import { ticketHistory } from './history';
import { publicTicketOf } from './public-ticket';
import { isTicketHash, ticketHash } from './ticket-hash';
import {
  bulkClearOf,
  bulkClearRun,
  bulkReceiveRun,
  bulkUpdateOf,
  bulkUpdateRun,
  checkBulkEdit,
  generateRun,
  ticketsChangedBy,
} from './ticket-runs';

const searchMessages = {
  ticketNotNumber: 'Ticket must be a number',
  rangeNotNumber: 'Ticket number must be a number',
} as const;

const ok = (schema: object) => ({ 200: schema, ...errorResponses }) as const;

/**
 * The search and report filters (spec sections 5 and 7). Ticket numbers must be numbers ('Ticket
 * must be a number' in the search box, 'Ticket number must be a number' for a report's from/to) up
 * to 999999; dates are the site's calendar days.
 */
function filterOf(body: Record<string, unknown>, timeZone: string): TicketFilter {
  const number = (value: unknown, field: string, notNumber: string): number | null => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return null;
    if (!/^\d+$/.test(String(text))) throw new DomainError('validation', notNumber, { [field]: notNumber });
    const n = Number(text);
    if (n > maxTicketNumber) {
      throw new DomainError('validation', generateMessages.maxNumber, {
        [field]: generateMessages.maxNumber,
      });
    }
    return n;
  };
  const day = (value: unknown, field: string) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value.trim())) return null;
    const text = value.trim().slice(0, 10);
    // Date.parse accepts 2026-02-30 and year 0, PostgreSQL neither: a real day reads back the same.
    const parsed = Date.parse(`${text}T00:00:00Z`);
    if (!isStorableInstant(parsed) || new Date(parsed).toISOString().slice(0, 10) !== text) {
      const message = ticketFormMessages.dateInvalid;
      throw new DomainError('validation', message, { [field]: message });
    }
    return text;
  };
  return {
    ticketNumber: number(body.ticketNumber, 'ticketNumber', searchMessages.ticketNotNumber),
    fromNumber: number(body.from, 'from', searchMessages.rangeNotNumber),
    toNumber: number(body.to, 'to', searchMessages.rangeNotNumber),
    fromDate: day(body.fromDate, 'fromDate'),
    toDate: day(body.toDate, 'toDate'),
    timeZone,
    contractorCompanyId: chosenId(body.contractorCompanyId, 'contractorCompanyId'),
    transportCompanyId: chosenId(body.transportCompanyId, 'transportCompanyId'),
    projectId: chosenId(body.projectId, 'projectId'),
    jobSite: typeof body.jobSite === 'string' ? body.jobSite : null,
    truckLicensePlate: typeof body.truckLicensePlate === 'string' ? body.truckLicensePlate : null,
  };
}

/** Spec section 7, Tickets. Standard users receive, weigh, toggle the dispatch lock and save unreceived tickets. */
export const ticketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;
  const ticketOr404 = async (id: number) => {
    const ticket = await findTicket(db, id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    return ticket;
  };
  const admin = { config: { access: 'admin' as const } };
  const tags = ['tickets'];

  app.get('/api/ticket/daily/count', { schema: { tags, response: ok(DailyCountsSchema) } }, async () =>
    dailyCounts(db, config.siteTimezone),
  );
  app.get('/api/ticket/daily/loaded', { schema: { tags, response: ok(TicketList) } }, async () =>
    loadedTicketsToday(db, config.siteTimezone),
  );
  app.get('/api/ticket/daily/received', { schema: { tags, response: ok(TicketList) } }, async () =>
    receivedTicketsToday(db, config.siteTimezone),
  );

  app.get(
    '/api/ticket/latest/active',
    {
      schema: {
        tags,
        summary: "Today's Active (loaded, not received) or Received tickets, with the day's counts",
        querystring: Type.Object({
          filter: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('received')])),
        }),
        response: ok(Type.Composite([Type.Object({ tickets: TicketList }), DailyCountsSchema])),
      },
    },
    async (request) => {
      const tickets =
        request.query.filter === 'received'
          ? await receivedTicketsToday(db, config.siteTimezone)
          : await activeTicketsToday(db, config.siteTimezone);
      return { tickets, ...(await dailyCounts(db, config.siteTimezone)) };
    },
  );

  app.post(
    '/api/ticket/search',
    { schema: { tags, body: TicketFilterBody, response: ok(TicketList) } },
    async (request) => searchTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  app.post(
    '/api/ticket/report',
    { ...admin, schema: { tags, body: TicketFilterBody, response: ok(TicketList) } },
    async (request) => reportTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  app.get(
    '/api/ticket/logs/:id',
    { schema: { tags, params: IdParams, response: ok(Type.Array(LogEntrySchema)) } },
    async (request) => listTicketLog(db, request.params.id),
  );

  app.get(
    '/api/ticket/:id/history',
    {
      ...admin,
      schema: {
        tags,
        summary: "Auditors: the ticket's events in order, each with the ticket's state as of that event",
        params: IdParams,
        response: ok(
          Type.Array(
            Type.Object({
              version: Type.Integer(),
              type: Type.String(),
              occurredAt: Type.String(),
              userId: Nullable(Type.Integer()),
              data: Type.Unknown(),
              state: Nullable(Type.Record(Type.String(), Type.Unknown())),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const history = await ticketHistory(app.infra.eventStore, request.params.id);
      if (history.length === 0) throw new DomainError('not_found', ticketMessages.notFound);
      return history;
    },
  );

  app.get(
    '/api/ticket/:id',
    { schema: { tags, params: IdParams, response: ok(TicketSchema) } },
    async (request) => ticketOr404(request.params.id),
  );

  const LinkHashSchema = Type.Object({ hash: Type.String() });

  app.get(
    '/api/ticket/:id/hash',
    {
      schema: {
        tags,
        summary: "The ticket's public-link hash",
        params: IdParams,
        response: ok(LinkHashSchema),
      },
    },
    async (request) => {
      const nonce = await findTicketHashNonce(db, request.params.id);
      if (nonce === null) throw new DomainError('not_found', ticketMessages.notFound);
      return { hash: ticketHash(config.linkSecret, request.params.id, nonce) };
    },
  );

  app.post(
    '/api/ticket/:id/hash/revoke',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Revokes the ticket's public link: its hash answers 404 from now on. Answers the new link's hash",
        params: IdParams,
        response: ok(LinkHashSchema),
      },
    },
    async (request) => {
      const nonce = await revokeTicketLink(app, request.params.id, actorOf(request));
      return { hash: ticketHash(config.linkSecret, request.params.id, nonce) };
    },
  );

  app.get(
    '/api/ticket/:id/:hash',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the printed ticket shows, without login, through its public-link hash',
        params: Type.Object({
          id: Type.Integer({ minimum: 1, maximum: maxId }),
          hash: Type.String({ maxLength: 64 }),
        }),
        response: ok(PublicTicketSchema),
      },
    },
    async (request) => {
      const nonce = await findTicketHashNonce(db, request.params.id);
      // A wrong, revoked or foreign hash and a missing ticket answer alike.
      if (nonce === null || !isTicketHash(config.linkSecret, request.params.id, nonce, request.params.hash)) {
        throw new DomainError('not_found', ticketMessages.notFound);
      }
      return publicTicketOf(await ticketOr404(request.params.id));
    },
  );

  const answerRun = runAnswers(app);

  app.post(
    '/api/ticket/generate',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Generates ticket numbers [from, to] (at most 2000) in chunks of 1000; existing numbers are reported, never duplicated',
        description: runRouteDescription(
          "the spec's `{success, tickets, error}`: the numbers generated, and the existing ones named in `error`; a search right after it finds them",
        ),
        headers: PreferHeaders,
        body: Type.Object({
          from: Type.Optional(Type.Unknown()),
          to: Type.Optional(Type.Unknown()),
          isSoilFLOTicket: Type.Optional(Type.Boolean()),
          email: Type.Optional(Nullable(Type.String())),
        }),
        response: runResponses(GenerateAnswerSchema),
      },
    },
    async (request, reply) => {
      const range = validateGeneration(request.body);
      const params = { ...range, isSoilFLOTicket: request.body.isSoilFLOTicket === true };
      return answerRun(request, reply, {
        definition: generateRun,
        params,
        answer: (run) => run.result,
        answerTellsFailure: true,
      });
    },
  );

  const BulkCheckSchema = Type.Object({
    count: Type.Integer({ description: 'Tickets the bulk change would touch (not received)' }),
    ticketNumbers: Type.Array(Type.Integer()),
    excludedTicketNumbers: Type.Array(Type.Integer(), { description: 'Received: never changed' }),
    results: Type.Array(Type.Object({ ticketNumber: Type.Integer(), fields: Type.Array(Type.String()) }), {
      description: 'Conflicts: tickets whose fields already hold other values (Force Update overwrites)',
    }),
    message: Nullable(Type.String()),
  });
  const bulkTags = ['tickets', 'bulk'];

  // The Update and Clear tabs: a check (the confirmation panel, changes nothing), then the run.
  const bulkEdits = [
    {
      path: '/api/ticket/bulk',
      paramsOf: bulkUpdateOf,
      run: bulkUpdateRun,
      checkSummary: 'What a bulk update of [from, to] would change, and its conflicts; changes nothing',
      runSummary:
        'Bulk-updates [from, to] in chunks of 100 (received tickets are skipped; forceUpdate overwrites conflicts)',
      answer:
        'the tickets it updated (Ticket[], in number order; received and conflicting tickets it skipped are not among them)',
    },
    {
      path: '/api/ticket/bulk/clear',
      paramsOf: bulkClearOf,
      run: bulkClearRun,
      checkSummary: 'What a bulk clear of [from, to] would change; changes nothing',
      runSummary: 'Empties the chosen fields of [from, to] in chunks of 100 (received tickets are skipped)',
      answer:
        'the tickets it cleared (Ticket[], in number order, as bulk update answers: the spec gives no shape; received tickets are not among them)',
    },
  ] as const;
  for (const edit of bulkEdits) {
    app.post(
      `${edit.path}/check`,
      {
        ...admin,
        schema: {
          tags: bulkTags,
          summary: edit.checkSummary,
          body: LooseRecord,
          response: ok(BulkCheckSchema),
        },
      },
      async (request) => checkBulkEdit(app, await edit.paramsOf(app, request.body)),
    );
    app.post(
      edit.path,
      {
        ...admin,
        schema: {
          tags: bulkTags,
          summary: edit.runSummary,
          description: `${runRouteDescription(edit.answer)} A run with a failed chunk answers 500 with its Location.`,
          headers: PreferHeaders,
          body: LooseRecord,
          response: runResponses(TicketList),
        },
      },
      async (request, reply) => {
        const params = await edit.paramsOf(app, request.body);
        return answerRun(request, reply, {
          definition: edit.run,
          params,
          answer: (run) => ticketsChangedBy(app, run, params),
          answerTellsFailure: false,
        });
      },
    );
  }

  app.post(
    '/api/ticket/bulk/receive',
    {
      ...admin,
      schema: {
        tags: bulkTags,
        ...bulkReceiveSchema,
        description: runRouteDescription(
          "the spec's `{success, fail, results}`: ranges received, ranges failed, and each range's chip `{key, value, message?}`",
        ),
        headers: PreferHeaders,
        response: runResponses(BulkReceiveAnswerSchema),
      },
    },
    async (request, reply) =>
      answerRun(request, reply, {
        definition: bulkReceiveRun,
        params: await bulkReceiveOf(app, request.body),
        answer: (run) => run.result,
        answerTellsFailure: true,
      }),
  );

  app.put(
    '/api/ticket/edit',
    { schema: { tags, body: TicketEnvelope, response: ok(TicketSchema) } },
    async (request) => saveTicket(app, request.body, actorOf(request), 'full'),
  );
  app.put(
    '/api/ticket/edit/short',
    { schema: { tags, body: TicketEnvelope, response: ok(TicketSchema) } },
    async (request) => saveTicket(app, request.body, actorOf(request), 'short'),
  );

  app.put(
    '/api/ticket/receive',
    {
      schema: {
        tags,
        summary:
          "Receives a ticket from the dashboard (time loaded cleared) or the ticket page (time loaded set if empty), with the Receive dialog's fields",
        body: Type.Object({
          ticketId: Type.Integer({ minimum: 1 }),
          source: Type.Optional(Type.Union([Type.Literal('dashboard'), Type.Literal('ticket')])),
          ticket: Type.Optional(LooseRecord),
        }),
        response: ok(TicketSchema),
      },
    },
    async (request) =>
      receiveTicket(
        app,
        {
          ticketId: request.body.ticketId,
          source: request.body.source ?? 'dashboard',
          ticket: request.body.ticket,
        },
        actorOf(request),
      ),
  );

  const idInEnvelope = (body: { ticket?: Record<string, unknown> }) => {
    const id = optionalId(body.ticket?.id, 'id');
    if (id === null) throw new DomainError('not_found', ticketMessages.notFound);
    return id;
  };

  app.put(
    '/api/ticket/reset',
    { ...admin, schema: { tags, body: TicketEnvelope, response: ok(TicketSchema) } },
    async (request) => {
      const actor = actorOf(request);
      return runTicketCommand(
        app,
        idInEnvelope(request.body),
        { type: 'ResetReceipt', actor },
        { actorId: actor.userId },
      );
    },
  );

  app.post(
    '/api/ticket/reject',
    {
      ...admin,
      schema: {
        tags,
        body: Type.Object({
          ticketId: Type.Integer({ minimum: 1 }),
          reason: Type.Optional(Nullable(Type.String())),
          loggedInUserId: Type.Optional(Type.Unknown()),
        }),
        response: ok(TicketSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const command: TicketCommand = { type: 'RejectTicket', reason: request.body.reason ?? '', actor };
      return runTicketCommand(app, request.body.ticketId, command, { actorId: actor.userId });
    },
  );

  app.put(
    '/api/ticket/toggle/dispatch',
    { schema: { tags, body: TicketEnvelope, response: ok(TicketSchema) } },
    async (request) => toggleDispatch(app, idInEnvelope(request.body), actorOf(request)),
  );

  app.put(
    '/api/ticket/weigh',
    {
      schema: {
        tags,
        summary:
          'Weighs a truck in: sets material and net weight (scale weight − tare) and receives the ticket',
        body: Type.Object({
          ticketId: Type.Optional(Type.Unknown()),
          materialId: Type.Optional(Type.Unknown()),
          weight: Type.Optional(Type.Unknown()),
          loggedInUserId: Type.Optional(Type.Unknown()),
        }),
        response: ok(TicketSchema),
      },
    },
    async (request) => {
      const ticketId = chosenId(request.body.ticketId, 'ticketId');
      if (ticketId === null)
        throw new DomainError('validation', 'No ticket selected.', { ticketId: 'No ticket selected.' });
      const materialId = chosenId(request.body.materialId, 'materialId');
      if (materialId === null)
        throw new DomainError('validation', 'Please select a material', {
          materialId: 'Please select a material',
        });
      const scaleWeight = optionalNumber(request.body.weight);
      if (scaleWeight === null || !Number.isFinite(scaleWeight)) {
        const message = ticketFormMessages.weightNotNumber;
        throw new DomainError('validation', message, { weight: message });
      }
      if (Math.abs(scaleWeight) > maxStoredAmount) {
        const message = ticketFormMessages.weightTooLarge;
        throw new DomainError('validation', message, { weight: message });
      }
      return weighTicket(app, { ticketId, materialId, scaleWeight }, actorOf(request));
    },
  );

  app.post(
    '/api/ticket/restore',
    {
      ...admin,
      schema: {
        tags,
        summary: "Re-saves a log entry's data as a new event",
        body: Type.Object({ logEntryId: Type.Integer({ minimum: 1, maximum: maxId }) }),
        response: ok(TicketSchema),
      },
    },
    async (request) => {
      const entry = await findTicketLogEntry(db, request.body.logEntryId);
      if (!entry?.updatedDataObject) throw new DomainError('not_found', 'Log entry not found.');
      const actor = actorOf(request);
      const details = readTicketDetails(entry.updatedDataObject as Record<string, unknown>);
      const command: TicketCommand = {
        type: 'RestoreTicket',
        details,
        logEntryId: request.body.logEntryId,
        actor,
      };
      return runTicketCommand(app, entry.ticketId, command, { actorId: actor.userId });
    },
  );

  app.delete(
    '/api/ticket/:id',
    { ...admin, schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteTicket(app, request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/project/:id/tickets',
    { schema: { tags: ['projects'], params: IdParams, body: TicketFilterBody, response: ok(TicketList) } },
    async (request) =>
      reportTickets(db, {
        ...filterOf(request.body, config.siteTimezone),
        projectId: request.params.id,
      }),
  );

  app.get(
    '/api/project/:id/ticket',
    {
      schema: {
        tags: ['projects'],
        summary: "A project ticket's haulage record: the ticket, its truck and the settings",
        params: IdParams,
        response: ok(
          Type.Object({
            ticket: TicketSchema,
            truck: Nullable(Type.Record(Type.String(), Type.Unknown())),
            setting: Type.Record(Type.String(), Type.Unknown()),
          }),
        ),
      },
    },
    async (request) => {
      const ticket = await ticketOr404(request.params.id);
      const truck = ticket.truckId === null ? null : ((await findTruck(db, ticket.truckId)) ?? null);
      return { ticket, truck, setting: await getSettings(db) };
    },
  );
};
