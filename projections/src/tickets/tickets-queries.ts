import { countOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/** Spec section 3, Ticket: the row plus the names each screen shows beside the ids. */
const ticketsView = (db: Kysely<Database>) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('contractorCompanies as cc', 'cc.id', 't.contractorCompanyId')
    .leftJoin('transportCompanies as tc', 'tc.id', 't.transportCompanyId')
    .leftJoin('contractorContacts as office', 'office.id', 't.contractorOfficeContactId')
    .leftJoin('projects as p', 'p.id', 't.projectId')
    .leftJoin('materialTypes as mt', 'mt.id', 't.materialTypeId')
    .leftJoin('materials as m', 'm.id', 't.materialId')
    .leftJoin('users as u', 'u.id', 't.userId')
    .select([
      't.id',
      't.prefix',
      't.ticketNumber',
      't.date',
      't.timeLoaded',
      't.timeReceived',
      't.isReceived',
      't.isComplete',
      't.isDispatched',
      't.isRejected',
      't.rejectReason',
      't.isSoilFloLoad',
      't.soilFloTicketId',
      't.jobSite',
      't.contractorCompanyId',
      'cc.name as contractorCompanyName',
      't.transportCompanyId',
      'tc.name as transportCompanyName',
      't.truckId',
      't.truckTypeId',
      sql<string | null>`CASE t.truck_type_id WHEN 1 THEN 'Triaxle' WHEN 2 THEN 'Trailer' END`.as(
        'truckTypeName',
      ),
      't.truckNumber',
      't.truckLicensePlate',
      't.truckDriverName',
      't.truckDriverNumber',
      't.siteContactName',
      't.siteContactNumber',
      't.contractorOfficeContactId',
      'office.name as contractorOfficeContactName',
      'office.number as contractorOfficeContactNumber',
      'office.email as contractorOfficeContactEmail',
      't.transportContactName',
      't.transportContactNumber',
      't.projectId',
      'p.projectId as projectProjectId',
      't.projectLeader',
      't.materialTypeId',
      'mt.name as materialTypeName',
      't.materialId',
      'm.name as materialName',
      't.isSaltImpacted',
      't.notes',
      sql<number | null>`t.weight::float8`.as('weight'),
      't.userId',
      'u.firstName as userFirstName',
      'u.lastName as userLastName',
      't.updateSoilFlo',
      't.version',
    ]);

type ViewQuery = ReturnType<typeof ticketsView>;
type ViewRow = Awaited<ReturnType<ViewQuery['executeTakeFirstOrThrow']>>;

/**
 * The spec's field names (isSoilFLOLoad, soilFLOTicketId, updateSoilFLO), renamed here because the
 * CamelCasePlugin cannot round-trip an alias with a run of capitals.
 */
function specNames({ isSoilFloLoad, soilFloTicketId, updateSoilFlo, ...row }: ViewRow) {
  return {
    ...row,
    isSoilFLOLoad: isSoilFloLoad,
    soilFLOTicketId: soilFloTicketId,
    updateSoilFLO: updateSoilFlo,
  };
}

const rows = async (query: ViewQuery) => (await query.execute()).map(specNames);

export type TicketView = ReturnType<typeof specNames>;

export const findTicket = async (db: Kysely<Database>, id: number): Promise<TicketView | undefined> => {
  const row = await ticketsView(db).where('t.id', '=', id).executeTakeFirst();
  return row && specNames(row);
};

/** The hash secret input of a ticket (never sent to clients). */
export const findTicketHashNonce = async (db: Kysely<Database>, id: number): Promise<string | null> =>
  (await db.selectFrom('tickets').select('hashNonce').where('id', '=', id).executeTakeFirst())?.hashNonce ??
  null;

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
  /** Case-insensitive "contains". */
  jobSite?: string | null;
  truckLicensePlate?: string | null;
}

/** Typed % and _ are searched for, not used as wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function applyFilter(query: ViewQuery, filter: TicketFilter): ViewQuery {
  let q = query;
  if (filter.ticketNumber != null) q = q.where('t.ticketNumber', '=', filter.ticketNumber);
  if (filter.fromNumber != null) q = q.where('t.ticketNumber', '>=', filter.fromNumber);
  if (filter.toNumber != null) q = q.where('t.ticketNumber', '<=', filter.toNumber);
  const zone = filter.timeZone ?? 'UTC';
  if (filter.fromDate)
    q = q.where(sql<boolean>`t.date >= (${filter.fromDate}::date::timestamp AT TIME ZONE ${zone})`);
  if (filter.toDate)
    q = q.where(sql<boolean>`t.date < ((${filter.toDate}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (filter.contractorCompanyId != null)
    q = q.where('t.contractorCompanyId', '=', filter.contractorCompanyId);
  if (filter.transportCompanyId != null) q = q.where('t.transportCompanyId', '=', filter.transportCompanyId);
  if (filter.projectId != null) q = q.where('t.projectId', '=', filter.projectId);
  if (filter.jobSite?.trim())
    q = q.where(
      sql<boolean>`lower(t.job_site) LIKE ${`%${escapeLike(filter.jobSite.trim().toLowerCase())}%`}`,
    );
  if (filter.truckLicensePlate?.trim())
    q = q.where('t.truckLicensePlate', '=', filter.truckLicensePlate.trim().toUpperCase());
  return q;
}

/** Most searches name one ticket or a short range; an open search answers the newest tickets first. */
export const searchLimit = 1000;

export const searchTickets = (db: Kysely<Database>, filter: TicketFilter, limit = searchLimit) =>
  rows(
    applyFilter(ticketsView(db), filter)
      .orderBy('t.ticketNumber', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit),
  );

/** Reports list tickets in number order. */
export const reportTickets = (db: Kysely<Database>, filter: TicketFilter, limit = 10_000) =>
  rows(applyFilter(ticketsView(db), filter).orderBy('t.ticketNumber').orderBy('t.id').limit(limit));

/** The site's current calendar day as an instant range, evaluated by PostgreSQL in the site's zone. */
const todayStart = (timeZone: string) =>
  sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
const isToday = (column: 't.time_loaded' | 't.time_received', timeZone: string) =>
  sql<boolean>`${sql.ref(column)} >= ${todayStart(timeZone)} AND ${sql.ref(column)} < ${todayStart(timeZone)} + interval '1 day'`;

/** Spec section 4, Dashboard filter: Active (loaded today, not received) and Received (received today). */
export const activeTicketsToday = (db: Kysely<Database>, timeZone: string) =>
  rows(
    ticketsView(db)
      .where(isToday('t.time_loaded', timeZone))
      .where('t.isReceived', '=', false)
      .orderBy('t.timeLoaded', 'desc'),
  );

export const receivedTicketsToday = (db: Kysely<Database>, timeZone: string) =>
  rows(ticketsView(db).where(isToday('t.time_received', timeZone)).orderBy('t.timeReceived', 'desc'));

/** Today's trucks: loaded today, or received today (a dashboard receipt clears the time loaded). */
export const loadedTicketsToday = (db: Kysely<Database>, timeZone: string) =>
  rows(
    ticketsView(db)
      .where((eb) => eb.or([isToday('t.time_loaded', timeZone), isToday('t.time_received', timeZone)]))
      .orderBy('t.id', 'desc'),
  );

/**
 * The 'Daily Trucks' metrics. Loaded counts every truck that came today, loaded or received (a
 * receipt from the dashboard clears the time loaded, yet the truck was loaded); Received counts
 * today's receipts; Contractor(s) and Job Site(s) are those of today's trucks.
 */
export async function dailyCounts(db: Kysely<Database>, timeZone: string) {
  const { rows } = await sql<{
    loaded: number;
    active: number;
    received: number;
    contractors: number;
    jobSites: number;
  }>`
    WITH today AS (
      SELECT ${isToday('t.time_loaded', timeZone)} AS loaded_today,
             ${isToday('t.time_received', timeZone)} AS received_today,
             t.is_received, t.contractor_company_id, lower(t.job_site) AS job_site
      FROM tickets t
      WHERE ${isToday('t.time_loaded', timeZone)} OR ${isToday('t.time_received', timeZone)}
    )
    SELECT count(*)::int AS loaded,
           count(*) FILTER (WHERE loaded_today AND NOT is_received)::int AS active,
           count(*) FILTER (WHERE received_today AND is_received)::int AS received,
           count(DISTINCT contractor_company_id)::int AS contractors,
           count(DISTINCT job_site)::int AS "jobSites"
    FROM today`.execute(db);
  const row = rows[0] ?? { loaded: 0, active: 0, received: 0, contractors: 0, jobSites: 0 };
  return {
    loadedTicketCountForToday: row.loaded,
    activeTicketCountForToday: row.active,
    receivedTicketCountForToday: row.received,
    uniqueContractorsForToday: row.contractors,
    uniqueJobSitesForToday: row.jobSites,
  };
}

/** Newest first; the data objects are serialised JSON (spec section 3, Logs). */
export const listTicketLog = async (db: Kysely<Database>, ticketId: number) =>
  (
    await db
      .selectFrom('ticketLog')
      .select([
        'id',
        'eventType',
        'date',
        'username',
        'firstName',
        'lastName',
        'currentDataObject',
        'updatedDataObject',
      ])
      .where('ticketId', '=', ticketId)
      .orderBy('id', 'desc')
      .execute()
  ).map((entry) => ({
    ...entry,
    id: Number(entry.id),
    currentDataObject: entry.currentDataObject === null ? null : JSON.stringify(entry.currentDataObject),
    updatedDataObject: entry.updatedDataObject === null ? null : JSON.stringify(entry.updatedDataObject),
  }));

export const findTicketLogEntry = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('ticketLog')
    .select(['id', 'ticketId', 'updatedDataObject', 'currentDataObject'])
    .where('id', '=', String(id))
    .executeTakeFirst();

type TicketReference =
  | 'contractorCompanyId'
  | 'transportCompanyId'
  | 'truckId'
  | 'projectId'
  | 'materialId'
  | 'materialTypeId'
  | 'contractorOfficeContactId';

/** "3 tickets" when tickets still refer to the record (delete-in-use messages), else nothing. */
export async function ticketReferences(
  db: Kysely<Database>,
  column: TicketReference,
  id: number,
): Promise<string[]> {
  const { count } = await db
    .selectFrom('tickets')
    .select(sql<number>`count(*)::int`.as('count'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return count > 0 ? [countOf(count, 'ticket')] : [];
}
