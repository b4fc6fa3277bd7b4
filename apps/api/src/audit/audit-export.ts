import { HaulageRecordSchema, ReceivingRecordSchema } from '@portal/contract';
import { DomainError, projects, type TicketEvent, ticketMessages, ticketStreamId } from '@portal/domain';
import {
  type ChainedEvent,
  chainedStreams,
  type LatestSeal,
  latestSealProofs,
  type SealedHeadProof,
} from '@portal/event-store';
import { findProject, findTicket, getSettings } from '@portal/projections';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CommandHost } from '../plugins/infrastructure';
import { printedRecordsOf } from '../tickets/printed-records';
import { upcastEvent } from '../write-side/versioned-event-store';

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

/** A sealed leaf as the export carries it: the head's version and chain hash, and the inclusion proof. */
const leafJson = ({ head, proof }: SealedHeadProof) => ({
  version: head.version,
  chainHash: head.chainHash.toString('hex'),
  ...proof,
});

/** A stream as the export carries it; a ticket's with the printed records its events make. */
type ExportedStream = { streamId: string; events: ChainedEvent[] };

/** Streams whose entries are made at once: each ticket's reads its ticket row and its truck. */
const streamsAtOnce = 16;

/**
 * Each stream's entry in the export: its sealed head and proof, its events marked before or after the latest
 * seal, and for a ticket its printed records as their routes answer them, made from the events read here.
 */
function streamEntries(host: CommandHost, latest: LatestSeal | null, ticketOfStream: Map<string, number>) {
  const settings = getSettings(host.infra.db);
  const entryOf = async ({ streamId, events }: ExportedStream) => {
    const sealed = latest?.proofs.get(streamId);
    const sealedHead = sealed ? leafJson(sealed) : null;
    const absence = latest?.absences.get(streamId);
    // A stream the seal does not cover proves it: the leaves on either side of where it would be are adjacent.
    const notInSeal = absence && {
      before: absence.before && { streamId: absence.before.head.streamId, ...leafJson(absence.before) },
      after: absence.after && { streamId: absence.after.head.streamId, ...leafJson(absence.after) },
    };
    const marked = events.map((event) => ({
      ...event,
      afterLatestSeal: !sealedHead || event.streamVersion > sealedHead.version,
    }));
    const ticketId = ticketOfStream.get(streamId);
    const ticket = ticketId === undefined ? undefined : await findTicket(host.infra.db, ticketId);
    const entry = { streamId, sealedHead, ...(notInSeal ? { notInSeal } : {}), events: marked };
    if (!ticket) return entry;
    const upcast = events.map((event) =>
      upcastEvent(event as typeof event & { metadata: Record<string, unknown> }),
    );
    const records = await printedRecordsOf(host, ticket, {
      settings: await settings,
      events: upcast as unknown as TicketEvent[],
    });
    const printedRecords = {
      receivingRecord: asAnswered(ReceivingRecordSchema, records.receivingRecord),
      haulageRecord: asAnswered(HaulageRecordSchema, records.haulageRecord),
      pages: { receivingRecord: `/print-record/${ticket.id}`, haulageRecord: `/haulage-record/${ticket.id}` },
    };
    return { ...entry, printedRecords };
  };
  return (streams: ExportedStream[]) => Promise.all(streams.map(entryOf));
}

/**
 * The export as JSON text, a piece at a time (docs/audit-export.md): the latest seal, then each stream with its
 * sealed head's Merkle proof, its events from the first and, for a ticket, its printed records. Nothing is held
 * but the seal's proofs and a page of streams, so a project of thousands of tickets streams out flat.
 * Throws a DomainError before the first piece when the scope names nothing.
 */
export async function auditExportJson(
  host: CommandHost,
  scope: AuditExportScope,
  exportedAt: Date,
): Promise<AsyncGenerator<string>> {
  const { ticketIds, streamIds } = await scopeStreams(host, scope);
  const ticketOfStream = new Map(ticketIds.map((id) => [ticketStreamId(id), id]));
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
    const entries = streamEntries(host, latest, ticketOfStream);
    let separator = '';
    let waiting: ExportedStream[] = [];
    const flush = async function* () {
      for (const entry of await entries(waiting)) {
        yield `${separator}${JSON.stringify(entry)}`;
        separator = ',\n';
      }
      waiting = [];
    };
    for await (const stream of chainedStreams(host.infra.pool, streamIds)) {
      waiting.push(stream);
      if (waiting.length === streamsAtOnce) yield* flush();
    }
    yield* flush();
    yield '\n]}\n';
  }
  return pieces();
}
