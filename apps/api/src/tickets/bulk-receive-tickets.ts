import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type BulkReceiveBody,
  type ChunkView,
  endpoints,
  type ReceiveChip,
  receiveChipOf,
} from '@portal/contract';
import {
  DomainError,
  parseTicketRanges,
  type TicketActor,
  type TicketRange,
  ticketMessages,
  ticketNumbersOf,
  ticketRangeKey,
  ticketRangeMessages,
  ticketStreamId,
} from '@portal/domain';
import { getSettings } from '@portal/projections';
import type { Static } from '@sinclair/typebox';
import type { RunDefinition } from '../jobs/job-runs';
import { runAnswers } from '../jobs/run-answers';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { streamHasEventOf } from '../write-side/command-handler';
import { eachConcurrently } from './each-concurrently';
import { applyTicketCommand } from './ticket-command';
import { claimedTickets } from './ticket-number-claims';

/**
 * POST /api/ticket/bulk/receive (docs/rules.md, "Ticket numbers"): the Bulk Receive tab. Each
 * comma-separated part of the entry is one range, shown as one chip; every ticket of a range is
 * received as from the dashboard's Receive button, and a SoilFLO load's receipt is reported back to SoilFLO.
 */

const bulkReceiveMessages = {
  alreadyReceived: 'already received',
  doesNotExist: 'does not exist',
} as const;

/** Why one ticket was not received, in the words its chip shows. */
function reasonOf(error: unknown): string {
  if (!(error instanceof DomainError)) throw error;
  if (error.message === ticketMessages.alreadyReceived) return bulkReceiveMessages.alreadyReceived;
  if (error.kind === 'not_found') return bulkReceiveMessages.doesNotExist;
  return error.message;
}

/** 'already received: 2, 3; does not exist: 7' (numbers in order within each reason). */
function failureMessage(failures: Map<string, number[]>): string {
  return [...failures].map(([reason, numbers]) => `${reason}: ${numbers.join(', ')}`).join('; ');
}

/** One range, one chip: what the Bulk Receive tab shows for it. */
async function receiveRange(
  app: CommandHost,
  range: TicketRange,
  run: {
    prefix: number;
    actor: TicketActor;
    forceReceive: boolean;
    correlationId: string;
    progress(done: number): Promise<void>;
  },
): Promise<ReceiveChip> {
  const { prefix, actor, forceReceive } = run;
  // Which ticket each number is: the write side's claims, which never lag behind like a read model.
  const ticketIds = new Map(
    (await claimedTickets(app, prefix, range)).map((claim) => [claim.ticketNumber, claim.ticketId]),
  );
  const work = ticketNumbersOf(range).map((ticketNumber) => ({
    ticketNumber,
    ticketId: ticketIds.get(ticketNumber) ?? null,
  }));
  const outcomes: (string | null)[] = new Array(work.length).fill(null);
  let finished = 0;
  await eachConcurrently(work, async (item, index) => {
    if (item.ticketId === null) outcomes[index] = bulkReceiveMessages.doesNotExist;
    else {
      try {
        // As from the dashboard's Receive button (its time rules), but a SoilFLO load is taken too and
        // its receipt reported back; the run does not read each ticket back.
        const command = {
          type: 'ReceiveTicket',
          source: 'bulk',
          actor,
          now: new Date().toISOString(),
        } as const;
        await applyTicketCommand(app, item.ticketId, command, {
          actorId: actor.userId,
          correlationId: run.correlationId,
        });
      } catch (error) {
        // Received by this same run before a crash cut the chunk off: done, not "already received".
        const ours =
          error instanceof DomainError &&
          error.message === ticketMessages.alreadyReceived &&
          (await streamHasEventOf(
            app.infra.eventStore,
            ticketStreamId(item.ticketId),
            'TicketReceived',
            run.correlationId,
          ));
        if (!ours) outcomes[index] = reasonOf(error);
      }
    }
    finished++;
    await run.progress(finished);
  });

  const failures = new Map<string, number[]>();
  work.forEach(({ ticketNumber }, index) => {
    const reason = outcomes[index];
    if (reason) failures.set(reason, [...(failures.get(reason) ?? []), ticketNumber]);
  });
  const key = ticketRangeKey(range);
  if (failures.size === 0) return { key, value: 'success' };
  // With Force Receive on, a failed range counts as accepted; the message still
  // says what was skipped.
  return { key, value: forceReceive ? 'success' : 'failed', message: failureMessage(failures) };
}

interface BulkReceiveParams {
  ranges: TicketRange[];
  forceReceive: boolean;
  prefix: number;
}

/** Parses the entry: a 400 with the spec's message, and nothing started, when it is invalid. */
export async function bulkReceiveOf(
  app: CommandHost,
  body: Static<typeof BulkReceiveBody>,
): Promise<BulkReceiveParams> {
  const entry = typeof body.ticketRange === 'number' ? String(body.ticketRange) : body.ticketRange;
  const parsed = parseTicketRanges(entry);
  if (!parsed.ok) {
    const message = ticketRangeMessages[parsed.problem];
    throw new DomainError('validation', message, { ticketRange: message });
  }
  const { currentPrefix: prefix } = await getSettings(app.infra.db);
  return { ranges: parsed.ranges, forceReceive: body.forceReceive === true, prefix };
}

export const bulkReceiveRun: RunDefinition<BulkReceiveParams, TicketRange, ReceiveChip> = {
  kind: 'bulk-receive',
  queue: 'ticket-bulk-receive',
  chunks: ({ ranges }) => ranges.map((range) => ({ spec: range, total: ticketNumbersOf(range).length })),
  async processChunk({ host, run, chunk, correlationId, progress }) {
    return receiveRange(host, chunk.spec, {
      prefix: run.params.prefix,
      actor: { userId: run.userId, isAdministrator: true },
      forceReceive: run.params.forceReceive,
      correlationId,
      progress,
    });
  },
  /** The answer, {success, fail, results}; a chip stays pending until its range is done or dropped. */
  summarize(chunks: ChunkView<TicketRange, ReceiveChip>[]) {
    const results = chunks.map(receiveChipOf);
    return {
      success: results.filter((chip) => chip.value === 'success').length,
      fail: results.filter((chip) => chip.value === 'failed').length,
      results,
    };
  },
};

export const bulkReceiveRoute: FastifyPluginAsyncTypebox = async (app) => {
  const answerRun = runAnswers(app);
  route(app, endpoints.postTicketBulkReceive, async (request, reply) =>
    answerRun(request, reply, {
      definition: bulkReceiveRun,
      params: await bulkReceiveOf(app, request.body),
      answer: (run) => run.result,
      answerTellsFailure: true,
    }),
  );
};
