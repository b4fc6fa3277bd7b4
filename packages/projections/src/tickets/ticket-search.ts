import { type JsonText, jsonObjectWith, type TicketPage } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { prepared } from '../prepared-reads';
import { deliveredLoad } from '../reports/ticket-counts';
import { listed, type TicketListPage } from './ticket-pages';
import { asJson, asViews, type OnePlan, ticketRows, whereAll } from './ticket-rows';

export interface TicketFilter {
  ticketNumber?: number | null;
  fromNumber?: number | null;
  toNumber?: number | null;
  /** Inclusive calendar days (YYYY-MM-DD) on the ticket's date, in `timeZone` (the site's). */
  fromDate?: string | null;
  toDate?: string | null;
  timeZone?: string;
  contractorCompanyId?: number | null;
  transportCompanyId?: number | null;
  projectId?: number | null;
  /** Case-insensitive "contains", as is the plate. */
  jobSite?: string | null;
  truckLicensePlate?: string | null;
}

/** Typed % and _ are searched for, not used as wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a job-site "contains" search, compared with the job site lowercased. */
const jobSitePattern = (jobSite: string) => `%${escapeLike(jobSite.trim().toLowerCase())}%`;

/** The search and report filter as SQL conditions on `tickets t`: one definition for every list. */
export function filterConditions(filter: TicketFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.ticketNumber != null) conditions.push(sql`t.ticket_number = ${filter.ticketNumber}`);
  if (filter.fromNumber != null) conditions.push(sql`t.ticket_number >= ${filter.fromNumber}`);
  if (filter.toNumber != null) conditions.push(sql`t.ticket_number <= ${filter.toNumber}`);
  const zone = filter.timeZone ?? 'UTC';
  if (filter.fromDate)
    conditions.push(sql`t.date >= (${filter.fromDate}::date::timestamp AT TIME ZONE ${zone})`);
  if (filter.toDate)
    conditions.push(sql`t.date < ((${filter.toDate}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (filter.contractorCompanyId != null)
    conditions.push(sql`t.contractor_company_id = ${filter.contractorCompanyId}`);
  if (filter.transportCompanyId != null)
    conditions.push(sql`t.transport_company_id = ${filter.transportCompanyId}`);
  if (filter.projectId != null) conditions.push(sql`t.project_id = ${filter.projectId}`);
  // Served by the trigram index on lower(job_site) when the text is rare enough to be worth it.
  if (filter.jobSite?.trim()) conditions.push(sql`lower(t.job_site) LIKE ${jobSitePattern(filter.jobSite)}`);
  // Served by the trigram index on upper(truck_license_plate), whose expression this must repeat.
  if (filter.truckLicensePlate?.trim())
    conditions.push(
      sql`upper(t.truck_license_plate) LIKE '%' || upper(${escapeLike(filter.truckLicensePlate.trim())}) || '%'`,
    );
  return conditions;
}

/** A search by ticket number alone finds its few tickets by key, whatever the number. */
const searchesByNumberAlone = (filter: TicketFilter): OnePlan =>
  filter.ticketNumber != null &&
  Object.entries(filter).every(
    ([field, value]) => field === 'ticketNumber' || field === 'timeZone' || value == null || value === '',
  );

/** Most searches name one ticket or a short range; an open search answers the newest tickets first. */
export const searchLimit = 1000;

const searchOrder = sql`t.ticket_number DESC, t.id DESC`;

/** The JSON of a search's first `limit` tickets. */
export const searchTickets = (db: Kysely<Database>, filter: TicketFilter, limit = searchLimit) =>
  ticketRows(db, asJson, filterConditions(filter), searchOrder, {
    tail: sql`LIMIT ${limit}`,
    onePlan: searchesByNumberAlone(filter),
  });

/** The JSON of a page of a search and of the number of tickets it matches in all, however many that is. */
export async function searchTicketsPage(
  db: Kysely<Database>,
  filter: TicketFilter,
  page: TicketListPage,
): Promise<JsonText<TicketPage>> {
  const conditions = filterConditions(filter);
  const onePlan = searchesByNumberAlone(filter);
  const [tickets, total] = await Promise.all([
    listed(db, conditions, searchOrder, page, onePlan),
    countMatches(db, filter, conditions, onePlan),
  ]);
  return jsonObjectWith({ tickets }, { total });
}

/**
 * How many tickets a search matches. A search by job site alone adds up the kept count of each job site it
 * matches (ticket_job_site_counts, kept by triggers on tickets): counting a common one ticket by ticket
 * read 28,000 rows, 296 ms.
 */
async function countMatches(
  db: Kysely<Database>,
  filter: TicketFilter,
  conditions: RawBuilder<unknown>[],
  onePlan: OnePlan,
) {
  const jobSite = filter.jobSite?.trim();
  const counting =
    jobSite && conditions.length === 1
      ? sql<{ total: number }>`SELECT coalesce(sum(tickets), 0)::int AS total FROM ticket_job_site_counts
          WHERE job_site LIKE ${jobSitePattern(jobSite)}`
      : sql<{ total: number }>`${onePlan ? prepared : sql``}SELECT count(*)::int AS total
          FROM tickets t ${whereAll(conditions)}`;
  const { rows } = await counting.execute(db.withoutPlugins());
  return rows[0]?.total ?? 0;
}

/** Reports list tickets in number order. */
export const reportTickets = (db: Kysely<Database>, filter: TicketFilter, limit = 10_000) =>
  ticketRows(db, asViews, filterConditions(filter), sql`t.ticket_number, t.id`, {
    tail: sql`LIMIT ${limit}`,
  });

/** As reportTickets, the delivered loads only (received, not rejected): the haulage record report's rows. */
export const reportLoads = (db: Kysely<Database>, filter: TicketFilter, limit = 10_000) =>
  ticketRows(db, asViews, [...filterConditions(filter), deliveredLoad], sql`t.ticket_number, t.id`, {
    tail: sql`LIMIT ${limit}`,
  });

/** The tickets of one prefix with these numbers, in number order (e.g. those a bulk run changed). */
export const ticketsNumbered = (db: Kysely<Database>, prefix: number, ticketNumbers: number[]) =>
  ticketRows(
    db,
    asViews,
    [sql`t.prefix = ${prefix}`, sql`t.ticket_number = ANY(${ticketNumbers}::int[])`],
    sql`t.ticket_number`,
  );
