import type { ChunkView, GenerateAnswerSchema, ReceiveChipSchema, RunView } from '@portal/contract';
import {
  type BulkPatch,
  bulkChunks,
  bulkEditMessages,
  bulkUpdatePatchOf,
  clearedFieldsOf,
  clearPatchOf,
  conflictingFields,
  DomainError,
  emptyTicketDetails,
  maxNumbersPerCall,
  optionalId,
  type TicketActor,
  type TicketDetails,
  type TicketRange,
  ticketNumbersOf,
  ticketRangeKey,
  validateBulkRange,
} from '@portal/domain';
import {
  findContractorContact,
  getSettings,
  reportTickets,
  type TicketView,
  ticketsNumbered,
} from '@portal/projections';
import type { Static } from '@sinclair/typebox';
import type { RunDefinition } from '../jobs/job-runs';
import { type CommandHost, readModelsCurrent } from '../plugins/infrastructure';
import { receiveRange } from './bulk-receive';
import {
  applyTicketCommand,
  assertReferencesExist,
  claimedTickets,
  generateResultMessage,
  generateTickets,
} from './commands';
import { eachConcurrently } from './each-concurrently';

/** Tickets of [from, to] from the read model (what the check panel shows). */
async function ticketsInRange(host: CommandHost, range: { from: number; to: number }): Promise<TicketView[]> {
  await readModelsCurrent(host, { required: false });
  return reportTickets(host.infra.db, { fromNumber: range.from, toNumber: range.to });
}

// ---------------------------------------------------------------------------------------------
// Generate (spec: chunks of 1000 numbers, at most 2000 in all)

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

// ---------------------------------------------------------------------------------------------
// Bulk update and bulk clear (spec: chunks of 100 numbers; received tickets are never changed)

interface BulkEditParams {
  from: number;
  to: number;
  /** The prefix current when the run started: its numbers are those tickets. */
  prefix: number;
  patch: Partial<TicketDetails>;
  /** Bulk update's forceUpdate: overwrite fields that already hold other values. A clear always does. */
  overwrite: boolean;
}

interface BulkEditChunkResult {
  updated: number[];
  skipped: { ticketNumber: number; reason: string }[];
}

/** The answer of bulk/check and bulk/clear/check. */
interface BulkCheck {
  count: number;
  ticketNumbers: number[];
  excludedTicketNumbers: number[];
  results: { ticketNumber: number; fields: string[] }[];
  message: string | null;
}

/** A payload's range and patch; the site contact chosen by id is copied as name and number. */
export async function bulkUpdateOf(
  host: CommandHost,
  body: Record<string, unknown>,
): Promise<BulkEditParams> {
  const range = validateBulkRange(body);
  const patch: BulkPatch = bulkUpdatePatchOf(body);
  await assertReferencesExist(host, { ...emptyTicketDetails, ...patch });
  const siteContactId = optionalId(body.siteContactId, 'siteContactId');
  if (siteContactId !== null) {
    const contact = await findContractorContact(host.infra.db, siteContactId);
    if (!contact)
      throw new DomainError('validation', 'Contact not found.', { siteContactId: 'Contact not found.' });
    patch.siteContactName = contact.name;
    patch.siteContactNumber = contact.number;
  }
  if (Object.keys(patch).length === 0) throw new DomainError('validation', bulkEditMessages.nothingToUpdate);
  const { currentPrefix: prefix } = await getSettings(host.infra.db);
  return { ...range, prefix, patch, overwrite: body.forceUpdate === true };
}

export async function bulkClearOf(host: CommandHost, body: Record<string, unknown>): Promise<BulkEditParams> {
  const range = validateBulkRange(body);
  const fields = clearedFieldsOf(body);
  if (fields.length === 0) throw new DomainError('validation', bulkEditMessages.nothingToClear);
  const { currentPrefix: prefix } = await getSettings(host.infra.db);
  return { ...range, prefix, patch: clearPatchOf(fields), overwrite: true };
}

/** What a bulk update or clear would do, without doing it: the confirmation panel. */
export async function checkBulkEdit(host: CommandHost, params: BulkEditParams): Promise<BulkCheck> {
  const tickets = (await ticketsInRange(host, params)).filter((ticket) => ticket.prefix === params.prefix);
  const open = tickets.filter((ticket) => !ticket.isReceived);
  const results = params.overwrite
    ? []
    : open
        .map((ticket) => ({
          ticketNumber: ticket.ticketNumber,
          fields: conflictingFields(ticket as unknown as TicketDetails, params.patch),
        }))
        .filter((conflict) => conflict.fields.length > 0);
  return {
    count: open.length,
    ticketNumbers: open.map((ticket) => ticket.ticketNumber),
    excludedTicketNumbers: tickets.filter((ticket) => ticket.isReceived).map((ticket) => ticket.ticketNumber),
    results,
    message:
      open.length === 0
        ? bulkEditMessages.allReceived
        : results.length === 0
          ? bulkEditMessages.noConflicts
          : null,
  };
}

const bulkEditRun = (
  kind: 'bulk-update' | 'bulk-clear',
  queue: string,
): RunDefinition<BulkEditParams, { from: number; to: number }, BulkEditChunkResult> => ({
  kind,
  queue,
  chunks: (params) => bulkChunks(params).map((spec) => ({ spec, total: spec.to - spec.from + 1 })),
  async processChunk({ host, run, chunk, correlationId, progress }) {
    const tickets = await claimedTickets(host, run.params.prefix, chunk.spec);
    const actor: TicketActor = { userId: run.userId, isAdministrator: true };
    // 'updated', 'deleted' (the number's ticket is gone: nothing to change or report), or why not.
    const outcomes: string[] = new Array(tickets.length).fill('updated');
    let finished = 0;
    // A retried chunk applies the same patch again: tickets already changed by it decide no event.
    await eachConcurrently(tickets, async (ticket, index) => {
      try {
        await applyTicketCommand(
          host,
          ticket.ticketId,
          { type: 'BulkEditTicket', patch: run.params.patch, overwrite: run.params.overwrite, actor },
          { actorId: run.userId, correlationId },
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = error.kind === 'not_found' ? 'deleted' : error.message;
      }
      finished++;
      await progress(Math.round((finished / Math.max(tickets.length, 1)) * chunk.total));
    });
    return {
      updated: tickets
        .filter((_, index) => outcomes[index] === 'updated')
        .map((ticket) => ticket.ticketNumber),
      skipped: tickets.flatMap((ticket, index) => {
        const reason = outcomes[index] ?? 'updated';
        return reason === 'updated' || reason === 'deleted'
          ? []
          : [{ ticketNumber: ticket.ticketNumber, reason }];
      }),
    };
  },
  summarize(chunks) {
    const results = chunks.flatMap((chunk) => (chunk.result ? [chunk.result] : []));
    return {
      updated: results.reduce((sum, result) => sum + result.updated.length, 0),
      skipped: results.flatMap((result) => result.skipped),
      errors: chunks.flatMap((chunk) => (chunk.error ? [{ ...chunk.spec, error: chunk.error }] : [])),
    };
  },
});

/** The tickets a finished bulk update or clear changed, as they are now, in number order. */
export async function ticketsChangedBy(
  host: CommandHost,
  run: RunView,
  params: BulkEditParams,
): Promise<TicketView[]> {
  const changed = (run.chunks as ChunkView<unknown, BulkEditChunkResult>[]).flatMap(
    (chunk) => chunk.result?.updated ?? [],
  );
  await readModelsCurrent(host, { required: false });
  return ticketsNumbered(host.infra.db, params.prefix, changed);
}

export const bulkUpdateRun = bulkEditRun('bulk-update', 'ticket-bulk-update');
export const bulkClearRun = bulkEditRun('bulk-clear', 'ticket-bulk-clear');

// ---------------------------------------------------------------------------------------------
// Bulk receive (one chunk, one chip, per range of the entry)

export interface BulkReceiveParams {
  ranges: TicketRange[];
  forceReceive: boolean;
  prefix: number;
}

type Chip = Static<typeof ReceiveChipSchema>;

export const bulkReceiveRun: RunDefinition<BulkReceiveParams, TicketRange, Chip> = {
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
  /** Spec section 7: {success, fail, results}; a chip stays pending until its range is done. */
  summarize(chunks: ChunkView<TicketRange, Chip>[]) {
    const results: Chip[] = chunks.map((chunk) => {
      if (chunk.result) return chunk.result;
      const key = ticketRangeKey(chunk.spec);
      return chunk.error ? { key, value: 'failed', message: chunk.error } : { key, value: 'pending' };
    });
    return {
      success: results.filter((chip) => chip.value === 'success').length,
      fail: results.filter((chip) => chip.value === 'failed').length,
      results,
    };
  },
};

export const ticketRunDefinitions: RunDefinition[] = [
  generateRun,
  bulkUpdateRun,
  bulkClearRun,
  bulkReceiveRun,
];
