import type { TicketCounts } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { projectsView } from '../projects/projects-queries';
import { deliveredLoad, ticketCountColumns } from './ticket-counts';

/**
 * The read-model queries of the e-mailed reports. They select only what the reports show and filter
 * in SQL (the prefix of an export, the site's calendar day of a summary), so a report never loads
 * tickets it does not print.
 */

const weightKg = sql<number | null>`t.weight::float8`.as('weightKg');

export async function countTicketsInRange(
  db: Kysely<Database>,
  range: { prefix: number; from: number; to: number },
): Promise<number> {
  const row = await db
    .selectFrom('tickets as t')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('t.prefix', '=', range.prefix)
    .where('t.ticketNumber', '>=', range.from)
    .where('t.ticketNumber', '<=', range.to)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Tickets with the names of what they refer to, as the reports print them. */
const ticketsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('contractorCompanies as cc', 'cc.id', 't.contractorCompanyId')
    .leftJoin('transportCompanies as tc', 'tc.id', 't.transportCompanyId')
    .leftJoin('projects as p', 'p.id', 't.projectId')
    .leftJoin('materials as m', 'm.id', 't.materialId')
    .leftJoin('materialTypes as mt', 'mt.id', 't.materialTypeId');

/** The export's rows: tickets of [from, to] under one prefix, in number order, at most `limit`. */
export const exportTickets = (
  db: Kysely<Database>,
  range: { prefix: number; from: number; to: number },
  limit: number,
) =>
  ticketsWithNames(db)
    .select([
      't.prefix',
      't.ticketNumber',
      't.date',
      'cc.name as contractor',
      'p.projectId as project',
      't.jobSite',
      'tc.name as haulageCompany',
      't.truckNumber',
      't.truckLicensePlate',
      't.truckDriverName',
      't.timeLoaded',
      't.timeReceived',
      'm.name as material',
      'mt.name as materialType',
      weightKg,
      't.isReceived',
      't.isRejected',
      't.isDispatched',
    ])
    .where('t.prefix', '=', range.prefix)
    .where('t.ticketNumber', '>=', range.from)
    .where('t.ticketNumber', '<=', range.to)
    .orderBy('t.ticketNumber')
    .limit(limit)
    .execute();

export type ExportTicket = Awaited<ReturnType<typeof exportTickets>>[number];

/**
 * Loads received on one calendar day at the site: `date` is YYYY-MM-DD in `timeZone`, turned into
 * an instant range by PostgreSQL so daylight-saving days have their 23 or 25 hours.
 */
export const loadsReceivedOn = (db: Kysely<Database>, date: string, timeZone: string) =>
  ticketsWithNames(db)
    .select([
      't.prefix',
      't.ticketNumber',
      't.timeReceived',
      'cc.name as contractor',
      'p.projectId as project',
      't.jobSite',
      'tc.name as haulageCompany',
      't.truckLicensePlate',
      'm.name as material',
      'mt.name as materialType',
      weightKg,
    ])
    .where(deliveredLoad)
    .where(sql<boolean>`t.time_received >= (${date}::date::timestamp AT TIME ZONE ${timeZone})`)
    .where(sql<boolean>`t.time_received < ((${date}::date + 1)::timestamp AT TIME ZONE ${timeZone})`)
    .orderBy('t.timeReceived')
    .orderBy('t.ticketNumber')
    .execute();

export type ReceivedLoad = Awaited<ReturnType<typeof loadsReceivedOn>>[number];

/** The tickets dated one calendar day at the site (as `loadsReceivedOn` reads the day), counted by what they amount to. */
export async function ticketCountsDated(db: Kysely<Database>, date: string, timeZone: string) {
  const { rows } = await sql<TicketCounts>`SELECT ${ticketCountColumns} FROM tickets t
    WHERE t.date >= (${date}::date::timestamp AT TIME ZONE ${timeZone})
      AND t.date < ((${date}::date + 1)::timestamp AT TIME ZONE ${timeZone})`.execute(db.withoutPlugins());
  const [counts] = rows;
  if (!counts) throw new Error('ticket counts: an aggregate answered no row');
  return counts;
}

/** Every project with its contractor, its tickets counted by what they amount to, and the net its loads delivered. */
export const projectTotals = (db: Kysely<Database>) =>
  projectsView(db)
    .select(
      sql<TicketCounts & { netKg: number }>`(SELECT to_jsonb(c) FROM (
        SELECT ${ticketCountColumns},
               coalesce(sum(t.weight) FILTER (WHERE ${deliveredLoad}), 0)::float8 AS "netKg"
        FROM tickets t WHERE t.project_id = p.id) c)`.as('delivered'),
    )
    .orderBy('company.name')
    .orderBy('p.projectId')
    .orderBy('p.id')
    .execute();

export type ProjectTotals = Awaited<ReturnType<typeof projectTotals>>[number];
