import { HaulageRecordSchema, ReceivingRecordSchema } from '@portal/contract';
import { DomainError, projects, ticketMessages, ticketStreamId } from '@portal/domain';
import { chainedStreams, latestSealProofs } from '@portal/event-store';
import { findProject, findTicket, getSettings, type TicketView } from '@portal/projections';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CommandHost } from '../plugins/infrastructure';
import { printedRecordsOf } from '../tickets/printed-records';

/** What an export covers: one ticket, one project's tickets, or the tickets dated in a range of site days. */
type AuditExportScope = { ticket: number } | { project: number } | { from: string; to: string };

export const auditExportScopeMessage = 'Give one of ticket, project, or from and to (from not after to).';

/** The scope the query names: exactly one of ticket, project, or from with to. */
export function auditExportScopeOf(query: {
  ticket?: number;
  project?: number;
  from?: string;
  to?: string;
}): AuditExportScope {
  const { ticket, project, from, to } = query;
  const given = [ticket, project, from ?? to].filter((value) => value !== undefined).length;
  if (given === 1 && ticket !== undefined) return { ticket };
  if (given === 1 && project !== undefined) return { project };
  if (given === 1 && from !== undefined && to !== undefined && from <= to) return { from, to };
  throw new DomainError('validation', auditExportScopeMessage);
}

/** The download's name: what it covers and the day it was taken. */
export function auditExportFileName(scope: AuditExportScope, exportedAt: Date): string {
  const day = exportedAt.toISOString().slice(0, 10);
  if ('ticket' in scope) return `audit-export-ticket-${scope.ticket}-${day}.json`;
  if ('project' in scope) return `audit-export-project-${scope.project}-${day}.json`;
  return `audit-export-${scope.from}-to-${scope.to}-${day}.json`;
}

/** The tickets in scope (by id) and the streams to export: theirs, and a project's own. */
async function scopeStreams(host: CommandHost, scope: AuditExportScope) {
  const { pool, db, config } = host.infra;
  const ids = async (text: string, values: unknown[]) =>
    (await pool.query<{ id: number }>(text, values)).rows.map((row) => row.id);
  let ticketIds: number[];
  const extraStreams: string[] = [];
  if ('ticket' in scope) {
    if (!(await findTicket(db, scope.ticket))) throw new DomainError('not_found', ticketMessages.notFound);
    ticketIds = [scope.ticket];
  } else if ('project' in scope) {
    if (!(await findProject(db, scope.project))) throw new DomainError('not_found', projects.notFoundMessage);
    ticketIds = await ids('SELECT id FROM tickets WHERE project_id = $1 ORDER BY id', [scope.project]);
    extraStreams.push(projects.streamId(scope.project));
  } else {
    // Site days, as the ticket reports count them (ticket-search.ts): [from 00:00, the day after to 00:00).
    ticketIds = await ids(
      `SELECT id FROM tickets WHERE date >= ($1::date::timestamp AT TIME ZONE $3)
         AND date < (($2::date + 1)::timestamp AT TIME ZONE $3) ORDER BY id`,
      [scope.from, scope.to, config.siteTimezone],
    );
  }
  return { ticketIds, streamIds: [...extraStreams, ...ticketIds.map(ticketStreamId)] };
}

/** A record as its route answers it: JSON, with only the fields its schema lists. */
const asAnswered = (schema: TSchema, record: unknown) =>
  Value.Clean(schema, JSON.parse(JSON.stringify(record)) as unknown);

/** Tickets whose printed records are read at once: each reads its stream, its truck and maybe its scale. */
const recordsAtOnce = 16;

/** The printed records of the tickets, in order, a few tickets at a time. */
async function* printedRecords(host: CommandHost, ticketIds: readonly number[]) {
  const settings = await getSettings(host.infra.db);
  for (let start = 0; start < ticketIds.length; start += recordsAtOnce) {
    const tickets = await Promise.all(
      ticketIds.slice(start, start + recordsAtOnce).map((id) => findTicket(host.infra.db, id)),
    );
    const present = tickets.filter((ticket): ticket is TicketView => ticket !== undefined);
    const records = await Promise.all(present.map((ticket) => printedRecordsOf(host, ticket, settings)));
    for (const [index, { receivingRecord, haulageRecord }] of records.entries()) {
      const { id } = present[index] as TicketView;
      yield {
        ticketId: id,
        receivingRecord: asAnswered(ReceivingRecordSchema, receivingRecord),
        haulageRecord: asAnswered(HaulageRecordSchema, haulageRecord),
        pages: { receivingRecord: `/print-record/${id}`, haulageRecord: `/haulage-record/${id}` },
      };
    }
  }
}

/**
 * The export as JSON text, a piece at a time (docs/audit-export.md): the latest seal, then each stream with its
 * sealed head's Merkle proof and its events from the first, then the tickets' printed records. Nothing is held
 * but the seal's proofs and one page of streams, so a project of thousands of tickets streams out flat.
 * Throws a DomainError before the first piece when the scope names nothing.
 */
export async function auditExportJson(
  host: CommandHost,
  scope: AuditExportScope,
  exportedAt: Date,
): Promise<AsyncGenerator<string>> {
  const { ticketIds, streamIds } = await scopeStreams(host, scope);
  const latest = await latestSealProofs(host.infra.pool, streamIds);
  async function* pieces() {
    const header = {
      format: 'portal-audit-export',
      version: 1,
      exportedAt: exportedAt.toISOString(),
      scope,
      seal: latest?.seal ?? null,
    };
    yield `${JSON.stringify(header).slice(0, -1)},"streams":[\n`;
    let first = true;
    for await (const { streamId, events } of chainedStreams(host.infra.pool, streamIds)) {
      const sealed = latest?.proofs.get(streamId);
      const sealedHead = sealed
        ? { version: sealed.head.version, chainHash: sealed.head.chainHash.toString('hex'), ...sealed.proof }
        : null;
      const marked = events.map((event) => ({
        ...event,
        afterLatestSeal: !sealedHead || event.streamVersion > sealedHead.version,
      }));
      yield `${first ? '' : ',\n'}${JSON.stringify({ streamId, sealedHead, events: marked })}`;
      first = false;
    }
    yield '\n],"records":[\n';
    first = true;
    for await (const record of printedRecords(host, ticketIds)) {
      yield `${first ? '' : ',\n'}${JSON.stringify(record)}`;
      first = false;
    }
    yield '\n]}\n';
  }
  return pieces();
}
