import {
  assertValid,
  companyNameTooLong,
  contractorCompanies,
  contractorContacts,
  DomainError,
  decideTicket,
  evolveTicket,
  type FieldErrors,
  generateMessages,
  initialTicketState,
  materials,
  materialTypes,
  maxIndexedTextLength,
  optionalId,
  projects,
  type ReceiptSource,
  Role,
  type TicketActor,
  type TicketCommand,
  type TicketDetails,
  ticketMessages,
  ticketStreamId,
  transportCompanies,
  trucks,
  validateCompany,
  validateFullTicket,
  validateShortTicket,
} from '@portal/domain';
import { comparePositions, type GlobalPosition } from '@portal/event-store';
import {
  findContractorCompany,
  findContractorContact,
  findNamed,
  findProject,
  findTicket,
  findTransportCompany,
  findTruck,
  getSettings,
  listTransportCompanies,
} from '@portal/projections';
import type { FastifyRequest } from 'fastify';
import { createRecord } from '../catalogue/catalogue-commands';
import type { CommandHost } from '../plugins/infrastructure';
import { siteDate } from '../site-time';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { handleCommand, hasEventOf, loadAggregate } from '../write-side/command-handler';
import { newHashNonce } from './ticket-hash';

export const actorOf = (request: FastifyRequest): TicketActor => ({
  userId: request.currentUser.id,
  isAdministrator: request.currentUser.roleId === Role.Administrator,
});

const ticketAggregate = (ticketId: number) => ({
  streamId: ticketStreamId(ticketId),
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
});

type TicketCommandOptions = { actorId: number; expectedVersion?: number; correlationId?: string };

/** Decides and appends one ticket command (bulk runs use this: they do not read each ticket back). */
export const applyTicketCommand = (
  app: CommandHost,
  ticketId: number,
  command: TicketCommand,
  options: TicketCommandOptions,
) => handleCommand(app.commands, ticketAggregate(ticketId), command, options);

/** The tickets of [from, to] under `prefix`, by the write side's number claims (never behind, unlike a read model). */
export async function claimedTickets(
  app: CommandHost,
  prefix: number,
  range: { from: number; to: number },
): Promise<{ ticketNumber: number; ticketId: number }[]> {
  const { rows } = await app.infra.pool.query<{ ticketNumber: number; ticketId: number }>(
    `SELECT ticket_number AS "ticketNumber", ticket_id AS "ticketId" FROM ticket_number_claim
     WHERE prefix = $1 AND ticket_number BETWEEN $2 AND $3 ORDER BY ticket_number`,
    [prefix, range.from, range.to],
  );
  return rows;
}

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

export async function deleteTicket(app: CommandHost, ticketId: number, actor: TicketActor): Promise<void> {
  await handleCommand(
    app.commands,
    ticketAggregate(ticketId),
    { type: 'DeleteTicket', actor },
    { actorId: actor.userId },
  );
}

/** Revokes the ticket's public link with a new nonce, so the old hash opens nothing; answers the new nonce. */
export async function revokeTicketLink(
  app: CommandHost,
  ticketId: number,
  actor: TicketActor,
): Promise<string> {
  const hashNonce = newHashNonce();
  await applyTicketCommand(
    app,
    ticketId,
    { type: 'RevokeTicketLink', hashNonce, actor },
    { actorId: actor.userId },
  );
  return hashNonce;
}

/** The ticket as its forms show it (number and details), so a save that omits a field keeps it. */
async function currentForm(
  app: CommandHost,
  ticketId: number,
): Promise<TicketDetails & { ticketNumber: number }> {
  const { state } = await loadAggregate(app.infra.eventStore, ticketAggregate(ticketId));
  if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
  return { ticketNumber: state.ticketNumber, ...state.details };
}

/** A ticket may only name records that exist (a 400 naming the field otherwise, nothing saved). */
export async function assertReferencesExist(app: CommandHost, details: TicketDetails): Promise<void> {
  const { db } = app.infra;
  const checks: [keyof TicketDetails, number | null, (id: number) => Promise<unknown>, string][] = [
    [
      'contractorCompanyId',
      details.contractorCompanyId,
      (id) => findContractorCompany(db, id),
      contractorCompanies.notFoundMessage,
    ],
    [
      'transportCompanyId',
      details.transportCompanyId,
      (id) => findTransportCompany(db, id),
      transportCompanies.notFoundMessage,
    ],
    ['truckId', details.truckId, (id) => findTruck(db, id), trucks.notFoundMessage],
    ['projectId', details.projectId, (id) => findProject(db, id), projects.notFoundMessage],
    [
      'contractorOfficeContactId',
      details.contractorOfficeContactId,
      (id) => findContractorContact(db, id),
      contractorContacts.notFoundMessage,
    ],
    [
      'materialTypeId',
      details.materialTypeId,
      (id) => findNamed(db, 'materialTypes', id),
      materialTypes.notFoundMessage,
    ],
    ['materialId', details.materialId, (id) => findNamed(db, 'materials', id), materials.notFoundMessage],
  ];
  const errors: FieldErrors = {};
  for (const [field, id, find, message] of checks) {
    if (id !== null && !(await find(id))) errors[field] = message;
  }
  assertValid(errors);
}

/** `createTransportIfDoesNotExist`: a haulage company typed by name is found (any case) or created. */
async function transportCompanyByName(app: CommandHost, name: string, actorId: number): Promise<number> {
  const existing = (await listTransportCompanies(app.infra.db)).find(
    (c) => c.name.toLowerCase() === name.trim().toLowerCase(),
  );
  if (existing) return existing.id;
  return createRecord(app, transportCompanies, 'transport_company', validateCompany({ name }), { actorId });
}

/** Stands in for a haulage company typed by name while the form is validated (never saved). */
const TYPED_COMPANY = 1;

interface TicketSave {
  ticket?: Record<string, unknown>;
  createTransportIfDoesNotExist?: unknown;
}

/** PUT /api/ticket/edit and /edit/short: `ticket.isReceived: true` receives it (spec client). */
export async function saveTicket(
  app: CommandHost,
  body: TicketSave,
  actor: TicketActor,
  form: 'full' | 'short',
) {
  const input = body.ticket ?? {};
  const ticketId = Number(input.id);
  if (!Number.isInteger(ticketId) || ticketId < 1)
    throw new DomainError('not_found', ticketMessages.notFound);
  const current = await currentForm(app, ticketId);
  const merged = { ...current, ...input };
  const typedCompany =
    typeof input.transportCompanyName === 'string' ? input.transportCompanyName.trim() : '';
  const createsCompany =
    body.createTransportIfDoesNotExist === true &&
    optionalId(merged.transportCompanyId, 'transportCompanyId') === null &&
    typedCompany !== '';
  // The company's rules, under the form's name for the field (nothing is saved when they fail).
  if (createsCompany && typedCompany.length > maxIndexedTextLength)
    throw new DomainError('validation', companyNameTooLong, { transportCompanyName: companyNameTooLong });
  // A typed haulage company to create counts as chosen; it is created only once everything else
  // is valid, so a refused save creates nothing.
  const toValidate = createsCompany ? { ...merged, transportCompanyId: TYPED_COMPANY } : merged;
  // Spec section 5: Receive Ticket uses its own rules, not the full form's Save checks, because an
  // incomplete ticket can still be received (section 4).
  const receiving = input.isReceived === true;
  const details =
    form === 'full' && !receiving ? validateFullTicket(toValidate) : validateShortTicket(toValidate);
  if (createsCompany) details.transportCompanyId = null;
  await assertReferencesExist(app, details);
  if (createsCompany)
    details.transportCompanyId = await transportCompanyByName(app, typedCompany, actor.userId);
  const command: TicketCommand = {
    type: 'EditTicket',
    details,
    receive: receiving,
    actor,
    now: new Date().toISOString(),
  };
  const expectedVersion = typeof input.version === 'number' ? input.version : undefined;
  return runTicketCommand(app, ticketId, command, { actorId: actor.userId, expectedVersion });
}

/** The Receive button (dashboard) or Receive Ticket (ticket page), with what the dialog filled in. */
export async function receiveTicket(
  app: CommandHost,
  input: { ticketId: number; source: ReceiptSource; ticket?: Record<string, unknown> },
  actor: TicketActor,
  correlationId?: string,
) {
  const details = input.ticket
    ? validateShortTicket({ ...(await currentForm(app, input.ticketId)), ...input.ticket })
    : undefined;
  // The dialog's fill-in names records as a save does, so it passes the save's check before anything is received.
  if (details) await assertReferencesExist(app, details);
  const command: TicketCommand = {
    type: 'ReceiveTicket',
    source: input.source,
    actor,
    now: new Date().toISOString(),
    details,
  };
  return runTicketCommand(app, input.ticketId, command, { actorId: actor.userId, correlationId });
}

/** Weigh in (spec section 4): net = scale weight − the truck's tare, or the default tare when it has none. */
export async function weighTicket(
  app: CommandHost,
  input: { ticketId: number; materialId: number; scaleWeight: number },
  actor: TicketActor,
) {
  const ticket = await findTicket(app.infra.db, input.ticketId);
  if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
  if (!(await findNamed(app.infra.db, 'materials', input.materialId))) {
    throw new DomainError('validation', materials.notFoundMessage, { materialId: materials.notFoundMessage });
  }
  const truck = ticket.truckId === null ? undefined : await findTruck(app.infra.db, ticket.truckId);
  const tareWeight = truck?.tareWeight ?? (await getSettings(app.infra.db)).defaultTareWeight;
  const command: TicketCommand = {
    type: 'WeighTicket',
    ...input,
    tareWeight,
    actor,
    now: new Date().toISOString(),
  };
  return runTicketCommand(app, input.ticketId, command, { actorId: actor.userId });
}

export async function toggleDispatch(app: CommandHost, ticketId: number, actor: TicketActor) {
  const timeZone = app.infra.config.siteTimezone;
  const command: TicketCommand = {
    type: 'ToggleDispatch',
    actor,
    today: siteDate(timeZone),
    siteDateOf: (instant) => siteDate(timeZone, new Date(instant)),
  };
  return runTicketCommand(app, ticketId, command, { actorId: actor.userId });
}

/** Generations run one at a time, so a report of "existing" numbers is never about a call in flight. */
const TICKET_NUMBERS_LOCK = 'ticket-numbers';

/**
 * Generates the numbers of [from, to] under the current prefix. Every number is first claimed in
 * `ticket_number_claim` (primary key prefix + number) on the write side, so uniqueness never
 * depends on how far the read models have caught up. A number claimed before is reported as
 * existing while its ticket exists; if the call that claimed it stopped before writing the ticket,
 * the ticket is written now with the claimed id (a retry completes the work, doubling nothing);
 * if its ticket was deleted, the number is generated again.
 */
export async function generateTickets(
  app: CommandHost,
  range: { from: number; to: number; isSoilFLOTicket: boolean },
  actorId: number,
  run: { correlationId?: string; onProgress?: (done: number) => Promise<void> } = {},
): Promise<{ created: number[]; existing: number[] }> {
  const { pool, eventStore, db } = app.infra;
  return withAdvisoryLock(pool, TICKET_NUMBERS_LOCK, async () => {
    const { currentPrefix: prefix } = await getSettings(db);
    const { rows: claims } = await pool.query<{
      ticketNumber: number;
      ticketId: number;
      claimedNow: boolean;
    }>(
      `WITH fresh AS (
         INSERT INTO ticket_number_claim (prefix, ticket_number, ticket_id)
         SELECT $1, n, nextval('ticket_id_seq') FROM generate_series($2::int, $3::int) AS n
         ON CONFLICT DO NOTHING
         RETURNING ticket_number, ticket_id)
       SELECT ticket_number AS "ticketNumber", ticket_id AS "ticketId", true AS "claimedNow" FROM fresh
       UNION ALL
       SELECT c.ticket_number, c.ticket_id, false FROM ticket_number_claim c
       WHERE c.prefix = $1 AND c.ticket_number BETWEEN $2 AND $3
         AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.ticket_number = c.ticket_number)
       ORDER BY 1`,
      [prefix, range.from, range.to],
    );
    const toWrite: { ticketNumber: number; ticketId: number }[] = [];
    const existing: number[] = [];
    // Generated earlier by this same run (a chunk cut off and re-run): done, not "already exists".
    const generatedBefore: number[] = [];
    for (const claim of claims) {
      if (claim.claimedNow) {
        toWrite.push(claim);
        continue;
      }
      const { state, events } = await loadAggregate(eventStore, ticketAggregate(claim.ticketId));
      if (
        state.status === 'active' &&
        run.correlationId &&
        hasEventOf(events, 'TicketGenerated', run.correlationId)
      )
        generatedBefore.push(claim.ticketNumber);
      else if (state.status === 'active') existing.push(claim.ticketNumber);
      else if (state.status === 'absent') toWrite.push(claim);
      else {
        // The number's ticket was deleted: the number is free again, for a new ticket with a new id.
        const { rows } = await pool.query<{ ticketId: number }>(
          `UPDATE ticket_number_claim SET ticket_id = nextval('ticket_id_seq')
           WHERE prefix = $1 AND ticket_number = $2 RETURNING ticket_id AS "ticketId"`,
          [prefix, claim.ticketNumber],
        );
        toWrite.push({ ticketNumber: claim.ticketNumber, ticketId: rows[0]?.ticketId ?? claim.ticketId });
      }
    }
    const occurredAt = new Date().toISOString();
    const metadata = {
      userId: actorId,
      occurredAt,
      ...(run.correlationId ? { correlationId: run.correlationId } : {}),
    };
    const generate = async ({
      ticketNumber,
      ticketId,
    }: {
      ticketNumber: number;
      ticketId: number;
    }): Promise<GlobalPosition> => {
      const data = {
        ticketId,
        prefix,
        ticketNumber,
        isSoilFLOLoad: range.isSoilFLOTicket,
        hashNonce: newHashNonce(),
        date: occurredAt,
      };
      const events = decideTicket({ type: 'GenerateTicket', data }, initialTicketState);
      const result = await eventStore.append(
        ticketStreamId(ticketId),
        events.map((event) => ({ ...event, metadata })),
        { expectedVersion: 'no_stream' },
      );
      return result.lastPosition;
    };
    // Each ticket is its own stream: appends go out 16 at a time, then one wait for the read models,
    // up to the furthest of our own events (the store's head can lag behind them while other
    // transactions are in flight).
    let furthest: GlobalPosition | null = null;
    for (let i = 0; i < toWrite.length; i += 16) {
      for (const position of await Promise.all(toWrite.slice(i, i + 16).map(generate))) {
        if (!furthest || comparePositions(position, furthest) > 0) furthest = position;
      }
      await run.onProgress?.(generatedBefore.length + existing.length + Math.min(i + 16, toWrite.length));
    }
    if (furthest) await app.commands.waitForProjections(furthest);
    const created = [...generatedBefore, ...toWrite.map((claim) => claim.ticketNumber)].sort((a, b) => a - b);
    return { created, existing };
  });
}

export const generateResultMessage = (existing: number[]): string | null =>
  existing.length === 0 ? null : generateMessages.existing(existing);
