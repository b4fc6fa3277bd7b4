import { type EnvelopeSubject, envelopeSubjectIds } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { findProject, type ProjectView } from '../projects/projects-queries';
import { findTicket } from '../tickets/find-ticket';
import type { TicketView } from '../tickets/ticket-columns';

/** The read models' tickets and projects that a batch of events' envelopes carry (undefined: deleted since). */
export interface EnvelopeRecords {
  tickets: Map<number, TicketView | undefined>;
  projects: Map<number, ProjectView | undefined>;
}

/** Looks up each ticket and project the events are about, once (findTicket batches one turn's ids). */
export async function envelopeRecordsOf(
  db: Kysely<Database>,
  events: readonly { type: string; data: unknown }[],
): Promise<EnvelopeRecords> {
  const lookUp = <Row>(kind: EnvelopeSubject['kind'], find: (id: number) => Promise<Row | undefined>) =>
    Promise.all(envelopeSubjectIds(events, kind).map(async (id) => [id, await find(id)] as const));
  const [tickets, projects] = await Promise.all([
    lookUp('ticket', (id) => findTicket(db, id)),
    lookUp('project', (id) => findProject(db, id)),
  ]);
  return { tickets: new Map(tickets), projects: new Map(projects) };
}

/** The records one event's envelope carries: its subject's, when that is a ticket or a project. */
export const envelopeRecordsFor = (records: EnvelopeRecords, subject: EnvelopeSubject | null) => ({
  ticket: subject?.kind === 'ticket' ? records.tickets.get(subject.id) : null,
  project: subject?.kind === 'project' ? records.projects.get(subject.id) : null,
});
