import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type BulkCheck,
  type BulkEditRunResult,
  type ChunkView,
  endpoints,
  type RunView,
} from '@portal/contract';
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
  optionalId,
  type TicketActor,
  type TicketDetails,
  validateBulkRange,
} from '@portal/domain';
import {
  findContractorContact,
  getSettings,
  reportTickets,
  type TicketView,
  ticketsNumbered,
} from '@portal/projections';
import type { RunDefinition } from '../jobs/job-runs';
import { runAnswers } from '../jobs/run-answers';
import { type CommandHost, readModelsCurrent } from '../plugins/infrastructure';
import { route } from '../route';
import { eachConcurrently } from './each-concurrently';
import { applyTicketCommand } from './ticket-command';
import { claimedTickets } from './ticket-number-claims';
import { assertReferencesExist } from './ticket-references';

/**
 * The Update and Clear tabs (spec: chunks of 100 numbers; received tickets are never changed): a
 * check (the confirmation panel, changes nothing), then the run.
 */

/** Tickets of [from, to] from the read model (what the check panel shows). */
async function ticketsInRange(host: CommandHost, range: { from: number; to: number }): Promise<TicketView[]> {
  await readModelsCurrent(host, { required: false });
  return reportTickets(host.infra.db, { fromNumber: range.from, toNumber: range.to });
}

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

/** A payload's range and patch; the site contact chosen by id is copied as name and number. */
async function bulkUpdateOf(host: CommandHost, body: Record<string, unknown>): Promise<BulkEditParams> {
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

async function bulkClearOf(host: CommandHost, body: Record<string, unknown>): Promise<BulkEditParams> {
  const range = validateBulkRange(body);
  const fields = clearedFieldsOf(body);
  if (fields.length === 0) throw new DomainError('validation', bulkEditMessages.nothingToClear);
  const { currentPrefix: prefix } = await getSettings(host.infra.db);
  return { ...range, prefix, patch: clearPatchOf(fields), overwrite: true };
}

/** What a bulk update or clear would do, without doing it: the confirmation panel. */
async function checkBulkEdit(host: CommandHost, params: BulkEditParams): Promise<BulkCheck> {
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
  summarize(chunks): BulkEditRunResult {
    const results = chunks.flatMap((chunk) => (chunk.result ? [chunk.result] : []));
    return {
      updated: results.reduce((sum, result) => sum + result.updated.length, 0),
      skipped: results.flatMap((result) => result.skipped),
      errors: chunks.flatMap((chunk) => (chunk.error ? [{ ...chunk.spec, error: chunk.error }] : [])),
    };
  },
});

/** The tickets a finished bulk update or clear changed, as they are now, in number order. */
async function ticketsChangedBy(
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

export const bulkEditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answerRun = runAnswers(app);
  const bulkEdits = [
    {
      check: endpoints.postTicketBulkCheck,
      start: endpoints.postTicketBulk,
      paramsOf: bulkUpdateOf,
      run: bulkUpdateRun,
    },
    {
      check: endpoints.postTicketBulkClearCheck,
      start: endpoints.postTicketBulkClear,
      paramsOf: bulkClearOf,
      run: bulkClearRun,
    },
  ] as const;
  for (const edit of bulkEdits) {
    route(app, edit.check, async (request) => checkBulkEdit(app, await edit.paramsOf(app, request.body)));
    route(app, edit.start, async (request, reply) => {
      const params = await edit.paramsOf(app, request.body);
      return answerRun(request, reply, {
        definition: edit.run,
        params,
        answer: (run) => ticketsChangedBy(app, run, params),
        answerTellsFailure: false,
      });
    });
  }
};
