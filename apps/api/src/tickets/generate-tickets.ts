import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type GenerateAnswerSchema } from '@portal/contract';
import {
  decideTicket,
  generateMessages,
  initialTicketState,
  maxNumbersPerCall,
  ticketStreamId,
  validateGeneration,
} from '@portal/domain';
import { comparePositions, type GlobalPosition } from '@portal/event-store';
import { getSettings } from '@portal/projections';
import type { Static } from '@sinclair/typebox';
import type { RunDefinition } from '../jobs/job-runs';
import { runAnswers } from '../jobs/run-answers';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { hasEventOf, loadAggregate } from '../write-side/command-handler';
import { ticketAggregate } from './ticket-command';
import { newHashNonce } from './ticket-hash';

/**
 * Tickets appended at once, then the run's progress written: the event store sends concurrent appends
 * to different streams together (up to 64 per round trip, 4 round trips at a time), so a round of 256
 * is four statements, and a chunk of 1,000 numbers four rounds.
 */
const ticketsPerRound = 256;

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
async function generateTickets(
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
    // Each ticket is its own stream: appends go out a round at a time, then one wait for the read models,
    // up to the furthest of our own events (the store's head can lag behind them while other
    // transactions are in flight).
    let furthest: GlobalPosition | null = null;
    for (let i = 0; i < toWrite.length; i += ticketsPerRound) {
      for (const position of await Promise.all(toWrite.slice(i, i + ticketsPerRound).map(generate))) {
        if (!furthest || comparePositions(position, furthest) > 0) furthest = position;
      }
      await run.onProgress?.(
        generatedBefore.length + existing.length + Math.min(i + ticketsPerRound, toWrite.length),
      );
    }
    if (furthest) await app.commands.waitForProjections(furthest);
    const created = [...generatedBefore, ...toWrite.map((claim) => claim.ticketNumber)].sort((a, b) => a - b);
    return { created, existing };
  });
}

const generateResultMessage = (existing: number[]): string | null =>
  existing.length === 0 ? null : generateMessages.existing(existing);

// Spec: chunks of 1000 numbers, at most 2000 in all.
interface GenerateParams {
  from: number;
  to: number;
  isSoilFLOTicket: boolean;
}

/** One chunk's answer, as the spec's generate call gives it. */
type GenerateChunkResult = Static<typeof GenerateAnswerSchema>;

export const generateRun: RunDefinition<GenerateParams, { from: number; to: number }, GenerateChunkResult> = {
  kind: 'generate',
  queue: 'ticket-generate',
  chunks({ from, to }) {
    const chunks = [];
    for (let start = from; start <= to; start += maxNumbersPerCall) {
      const end = Math.min(start + maxNumbersPerCall - 1, to);
      chunks.push({ spec: { from: start, to: end }, total: end - start + 1 });
    }
    return chunks;
  },
  async processChunk({ host, run, chunk, correlationId, progress }) {
    const { created, existing } = await generateTickets(
      host,
      { ...chunk.spec, isSoilFLOTicket: run.params.isSoilFLOTicket },
      run.userId,
      { correlationId, onProgress: progress },
    );
    return { success: existing.length === 0, tickets: created, error: generateResultMessage(existing) };
  },
  summarize(chunks) {
    const results = chunks.map((chunk) => chunk.result).filter((result) => result !== null);
    const errors = chunks.flatMap((chunk) => chunk.error ?? chunk.result?.error ?? []);
    return {
      success: chunks.every((chunk) => chunk.state === 'completed' && chunk.result?.success),
      tickets: results.flatMap((result) => result.tickets),
      error: errors.length === 0 ? null : errors.join(' '),
    };
  },
};

/** POST /api/ticket/generate, the Generate tab; runs on the job queue, answers when done. */
export const generateTicketsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const answerRun = runAnswers(app);
  route(app, endpoints.postTicketGenerate, async (request, reply) => {
    const range = validateGeneration(request.body);
    const params = { ...range, isSoilFLOTicket: request.body.isSoilFLOTicket === true };
    return answerRun(request, reply, {
      definition: generateRun,
      params,
      answer: (run) => run.result,
      answerTellsFailure: true,
    });
  });
};
