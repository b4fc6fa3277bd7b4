import { DomainError, type TicketActor, ticketMessages } from '@portal/domain';
import {
  parseTicketRanges,
  type TicketRange,
  ticketNumbersOf,
  ticketRangeKey,
} from '@portal/domain/tickets/ticket-range';
import { getSettings, reportTickets } from '@portal/projections';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../catalogue/route-schemas';
import { receiveTicket } from './commands';

/**
 * POST /api/ticket/bulk/receive (spec sections 2, 4, 5 and 7): the Bulk Receive tab. Each
 * comma-separated part of the entry is one range, shown as one chip; every ticket of a range is
 * received as from the dashboard's Receive button.
 */

export const bulkReceiveMessages = {
  alreadyReceived: 'already received',
  doesNotExist: 'does not exist',
} as const;

export const BulkReceiveBody = Type.Object({
  ticketRange: Type.Optional(Type.Unknown({ description: "The entry, e.g. '1,2,3', '1-3' or '1-3,5'" })),
  loggedInUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the receiver is the logged-in user' })),
  forceReceive: Type.Optional(
    Type.Unknown({
      description: 'true: a range with tickets that could not be received still counts as accepted',
    }),
  ),
});

const BulkReceiveChip = Type.Object({
  key: Type.String({ description: "The range as its chip shows it: '1-3' or '5'" }),
  value: Type.Union([Type.Literal('success'), Type.Literal('failed')]),
  message: Type.Optional(Type.String({ description: 'The numbers not received and why' })),
});

export const BulkReceiveResult = Type.Object({
  success: Type.Integer({ description: 'Ranges accepted' }),
  fail: Type.Integer({ description: 'Ranges failed' }),
  results: Type.Array(BulkReceiveChip),
});

export type BulkReceiveAnswer = Static<typeof BulkReceiveResult>;
type Chip = Static<typeof BulkReceiveChip>;

export const bulkReceiveSchema = {
  summary:
    'Receives every ticket of each range of the entry under the current prefix (dashboard receipts); one result per range. Tickets already received are reported, never received twice',
  body: BulkReceiveBody,
  response: { 200: BulkReceiveResult, ...errorResponses },
} as const;

/** Tickets of one range are received a few at a time (each is its own stream). */
const concurrency = 8;

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

async function receiveRange(
  app: FastifyInstance,
  range: TicketRange,
  prefix: number,
  actor: TicketActor,
  forceReceive: boolean,
): Promise<Chip> {
  const ticketIds = new Map<number, number[]>();
  for (const ticket of await reportTickets(app.infra.db, { fromNumber: range.from, toNumber: range.to })) {
    if (ticket.prefix !== prefix) continue;
    ticketIds.set(ticket.ticketNumber, [...(ticketIds.get(ticket.ticketNumber) ?? []), ticket.id]);
  }
  const work = ticketNumbersOf(range).flatMap(
    (ticketNumber): { ticketNumber: number; ticketId: number | null }[] => {
      const ids = ticketIds.get(ticketNumber);
      return ids ? ids.map((ticketId) => ({ ticketNumber, ticketId })) : [{ ticketNumber, ticketId: null }];
    },
  );
  const outcomes: (string | null)[] = new Array(work.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const index = next++;
      const item = work[index];
      if (!item) continue;
      if (item.ticketId === null) {
        outcomes[index] = bulkReceiveMessages.doesNotExist;
        continue;
      }
      try {
        await receiveTicket(app, { ticketId: item.ticketId, source: 'dashboard' }, actor);
      } catch (error) {
        outcomes[index] = reasonOf(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));

  const failures = new Map<string, number[]>();
  work.forEach(({ ticketNumber }, index) => {
    const reason = outcomes[index];
    if (reason) failures.set(reason, [...(failures.get(reason) ?? []), ticketNumber]);
  });
  const key = ticketRangeKey(range);
  if (failures.size === 0) return { key, value: 'success' };
  // Spec section 4: with Force Receive on, a failed range counts as accepted; the message still
  // says what was skipped.
  return { key, value: forceReceive ? 'success' : 'failed', message: failureMessage(failures) };
}

/**
 * Parses the entry (a 400 with the spec's message, nothing received, when it is invalid), then
 * receives range by range. The decider refuses a second receipt, so a retried request receives
 * nothing twice: its tickets are reported as already received.
 */
export async function bulkReceive(
  app: FastifyInstance,
  body: Static<typeof BulkReceiveBody>,
  actor: TicketActor,
): Promise<BulkReceiveAnswer> {
  const entry = typeof body.ticketRange === 'number' ? String(body.ticketRange) : body.ticketRange;
  const parsed = parseTicketRanges(entry);
  if (!parsed.ok) throw new DomainError('validation', parsed.message, { ticketRange: parsed.message });
  const forceReceive = body.forceReceive === true;

  // Look the tickets up in read models that hold every event committed so far (a ticket generated
  // a moment ago is found).
  const head = await app.infra.eventStore.headPosition();
  if (head) await app.commands.waitForProjections(head);
  const { currentPrefix: prefix } = await getSettings(app.infra.db);

  const results: Chip[] = [];
  for (const range of parsed.ranges)
    results.push(await receiveRange(app, range, prefix, actor, forceReceive));
  const success = results.filter((chip) => chip.value === 'success').length;
  return { success, fail: results.length - success, results };
}
