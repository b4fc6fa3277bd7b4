import {
  JsonText,
  jsonObjectWith,
  type Ticket,
  type TicketInstantField,
  type TicketPage,
  type TicketSortField,
} from '@portal/contract';
import { countOf, isStorableId, truckTypeNames } from '@portal/domain';
import DataLoader from 'dataloader';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { prepared } from '../prepared-reads';
import { deliveredLoad } from '../reports/ticket-counts';

/**
 * A ticket: the row plus the names each screen shows beside the ids. The API's Ticket
 * (the contract), with its instants as Dates, which the answer writes as ISO strings.
 */
export type TicketView = Omit<Ticket, TicketInstantField> & { [Field in TicketInstantField]: Date | null };

/** The value of `column` of the `table` row whose id is the ticket's `reference`. */
const named = (column: string, table: string, reference: string) =>
  sql.raw(`(SELECT x.${column} FROM ${table} x WHERE x.id = t.${reference})`);

/** A truck type's name, from the domain's one list of them. */
const truckTypeNameColumn = sql.raw(
  `CASE t.truck_type_id ${Object.entries(truckTypeNames)
    .map(([id, typeName]) => `WHEN ${Number(id)} THEN '${typeName.replace(/'/g, "''")}'`)
    .join(' ')} END`,
);

/** Where a TicketView's field comes from: a column of the ticket `t`, an instant column, or an expression. */
type TicketFieldSource = `t.${string}` | { instant: `t.${string}` } | RawBuilder<unknown>;

/**
 * Every field of a TicketView and where it is read from: the one map of the ticket's read path. A
 * field added to the ticket (the domain's details or the contract's Ticket) is a compile error here
 * until it is read.
 */
const ticketFieldSources: { readonly [Field in keyof TicketView]-?: TicketFieldSource } = {
  id: 't.id',
  prefix: 't.prefix',
  ticketNumber: 't.ticket_number',
  date: { instant: 't.date' },
  timeLoaded: { instant: 't.time_loaded' },
  timeReceived: { instant: 't.time_received' },
  loadTimeLoaded: { instant: 't.load_time_loaded' },
  isReceived: 't.is_received',
  isComplete: 't.is_complete',
  isDispatched: 't.is_dispatched',
  isRejected: 't.is_rejected',
  rejectReason: 't.reject_reason',
  jobSite: 't.job_site',
  contractorCompanyId: 't.contractor_company_id',
  contractorCompanyName: named('name', 'contractor_companies', 'contractor_company_id'),
  transportCompanyId: 't.transport_company_id',
  transportCompanyName: named('name', 'transport_companies', 'transport_company_id'),
  truckId: 't.truck_id',
  truckTypeId: 't.truck_type_id',
  truckTypeName: truckTypeNameColumn,
  truckNumber: 't.truck_number',
  truckLicensePlate: 't.truck_license_plate',
  truckDriverName: 't.truck_driver_name',
  truckDriverNumber: 't.truck_driver_number',
  siteContactName: 't.site_contact_name',
  siteContactNumber: 't.site_contact_number',
  contractorOfficeContactId: 't.contractor_office_contact_id',
  contractorOfficeContactName: named('name', 'contractor_contacts', 'contractor_office_contact_id'),
  contractorOfficeContactNumber: named('number', 'contractor_contacts', 'contractor_office_contact_id'),
  contractorOfficeContactEmail: named('email', 'contractor_contacts', 'contractor_office_contact_id'),
  transportContactName: 't.transport_contact_name',
  transportContactNumber: 't.transport_contact_number',
  projectId: 't.project_id',
  projectProjectId: named('project_id', 'projects', 'project_id'),
  projectLeader: 't.project_leader',
  materialTypeId: 't.material_type_id',
  materialTypeName: named('name', 'material_types', 'material_type_id'),
  materialId: 't.material_id',
  materialName: named('name', 'materials', 'material_id'),
  isSaltImpacted: 't.is_salt_impacted',
  notes: 't.notes',
  weight: sql.raw('t.weight::float8'),
  firstWeight: sql.raw('t.first_weight::float8'),
  weighing: 't.weighing',
  userId: 't.user_id',
  userFirstName: named('first_name', 'users', 'user_id'),
  userLastName: named('last_name', 'users', 'user_id'),
  version: 't.version',
  isSoilFLOLoad: 't.is_soil_flo_load',
  soilFLOTicketId: 't.soil_flo_ticket_id',
  updateSoilFLO: 't.update_soil_flo',
};

/**
 * The columns of a TicketView, each under its field name. Plain SQL, run without the CamelCasePlugin
 * (see `ticketRows`): the plugin cannot round-trip the spec's names with a run of capitals
 * (isSoilFLOLoad), and renaming the keys of every row in JavaScript cost more than the query itself
 * on the dashboard's lists (about 40 ms for 1,400 tickets). The names beside the ids are subqueries on
 * primary keys, not joins: PostgreSQL planned the eight left joins for 11 ms on every call, against
 * 0.4 ms to run a page of them.
 */
const ticketColumnsWith = (instant: (column: string) => RawBuilder<unknown>) =>
  sql.join(
    Object.entries(ticketFieldSources).map(([field, source]: [string, TicketFieldSource]) => {
      const value =
        typeof source === 'string' ? sql.raw(source) : 'instant' in source ? instant(source.instant) : source;
      return sql`${value} AS ${sql.id(field)}`;
    }),
  );

const ticketColumns = ticketColumnsWith((column) => sql.raw(column));

/**
 * The same columns for PostgreSQL to write as the API's JSON: each instant as Date's toISOString writes
 * it (UTC, milliseconds), so a list written there reads exactly as the serializer would have written it.
 */
const ticketJsonColumns = ticketColumnsWith((column) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
);

export const ticketsJoined = sql`tickets t
  LEFT JOIN contractor_companies cc ON cc.id = t.contractor_company_id
  LEFT JOIN transport_companies tc ON tc.id = t.transport_company_id
  LEFT JOIN contractor_contacts office ON office.id = t.contractor_office_contact_id
  LEFT JOIN projects p ON p.id = t.project_id
  LEFT JOIN material_types mt ON mt.id = t.material_type_id
  LEFT JOIN materials m ON m.id = t.material_id
  LEFT JOIN users u ON u.id = t.user_id`;

export const whereAll = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;

/**
 * True when one plan serves every value of a read's parameters (a lookup by key, today's list in its
 * own order), so the whole read may run prepared. A pattern or a range of any width must be planned
 * for its values: prepared, a plate search went on with the plan PostgreSQL had settled on for
 * one-letter plates, and a search for a whole plate took 635 ms instead of 5.
 */
type OnePlan = boolean;

/**
 * What a ticket read answers: TicketViews, for the server's own use, or the API's JSON of them, written
 * by PostgreSQL for a route to send as it is. A dashboard page of 50 tickets spent a third of the API's
 * time parsing the rows' 2,400 values and serializing them again.
 */
interface TicketsAnswer<Answer> {
  /**
   * Every ticket `matching` finds (FROM … ORDER BY `order` …), read by one prepared statement: the
   * lists' way of reading what one plan serves (the server's own reads go by id).
   */
  matching?(
    plain: Kysely<Database>,
    matching: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
  ): Promise<Answer>;
  /** The tickets of `ids`, in their order (an id with no ticket is left out); one prepared plan serves any list. */
  withIds(plain: Kysely<Database>, ids: readonly number[]): Promise<Answer>;
  none: Answer;
}

/**
 * The tickets of `ids` with their place in the list. The list is behind a sub-select so that its length
 * is hidden from the planner: seen, it made every call's plan cheaper than the generic one, and
 * PostgreSQL planned the read afresh each time (250 of the 350 µs a read of one ticket took).
 */
const byOrdinality = (ids: readonly number[]) =>
  sql`unnest((SELECT ${ids}::int[])) WITH ORDINALITY AS found(id, n) JOIN tickets t ON t.id = found.id`;

const asViews: TicketsAnswer<TicketView[]> = {
  withIds: async (plain, ids) =>
    (
      await sql<TicketView>`${prepared}SELECT ${ticketColumns} FROM ${byOrdinality(ids)} ORDER BY found.n`.execute(
        plain,
      )
    ).rows,
  none: [],
};

/** The JSON array of `from`'s tickets (`t`), in `order`: an aggregate's own ORDER BY, the one SQL keeps. */
const jsonArray = async (plain: Kysely<Database>, from: RawBuilder<unknown>, order: RawBuilder<unknown>) => {
  const { rows } = await sql<{ json: string }>`${prepared}SELECT
      coalesce(json_agg(v ORDER BY ${order}), '[]')::text AS json
    FROM ${from} CROSS JOIN LATERAL (SELECT ${ticketJsonColumns}) v`.execute(plain);
  return new JsonText<Ticket[]>(rows[0]?.json ?? '[]');
};

const asJson: TicketsAnswer<JsonText<Ticket[]>> = {
  matching: (plain, matching, order) => jsonArray(plain, sql`(SELECT t.* ${matching}) t`, order),
  withIds: (plain, ids) => jsonArray(plain, byOrdinality(ids), sql`found.n`),
  none: new JsonText<Ticket[]>('[]'),
};

/**
 * The tickets matching every condition, in `order`; `tail` follows the ORDER BY (a LIMIT). Parsing and
 * planning the columns' eleven name lookups cost more than running them, so they are always read by
 * a prepared statement: at once when the read has `onePlan`, else by id, after a small query planned
 * for its values has found the ids. (A ticket deleted between the two is left out, as it would be a
 * moment later.)
 */
const ticketRows = async <Answer>(
  db: Kysely<Database>,
  answer: TicketsAnswer<Answer>,
  conditions: RawBuilder<unknown>[],
  order: RawBuilder<unknown>,
  { tail = sql``, onePlan = false }: { tail?: RawBuilder<unknown>; onePlan?: OnePlan } = {},
): Promise<Answer> => {
  const matching = sql`FROM tickets t ${whereAll(conditions)} ORDER BY ${order} ${tail}`;
  if (onePlan && answer.matching) return answer.matching(db.withoutPlugins(), matching, order);
  return ticketsFound(db, answer, sql`SELECT t.id ${matching}`);
};

/** The tickets whose ids `finding` selects (a query planned for its values), in its order. */
async function ticketsFound<Answer>(
  db: Kysely<Database>,
  answer: TicketsAnswer<Answer>,
  finding: RawBuilder<unknown>,
): Promise<Answer> {
  const plain = db.withoutPlugins();
  const { rows } = await sql<{ id: number }>`${finding}`.execute(plain);
  if (rows.length === 0) return answer.none;
  return answer.withIds(
    plain,
    rows.map((row) => row.id),
  );
}

/** One page of a list, in a chosen order (the list's own order when none is chosen). */
export interface TicketListPage {
  page: number;
  perPage: number;
  sort?: TicketSortField;
  order?: 'ASC' | 'DESC';
}

const sortColumns: Record<TicketSortField, string[]> = {
  ticketNumber: ['t.prefix', 't.ticket_number'],
  timeLoaded: ['t.time_loaded'],
  timeReceived: ['t.time_received'],
  isComplete: ['t.is_complete'],
};

/** ORDER BY and LIMIT of a page; the id last, so rows that tie keep one order from page to page. */
function pageOf(page: TicketListPage, listOrder: RawBuilder<unknown>) {
  const direction = page.order === 'ASC' ? 'ASC' : 'DESC';
  const order = page.sort
    ? sql.raw(
        [
          ...sortColumns[page.sort].map((column) => `${column} ${direction} NULLS LAST`),
          `t.id ${direction}`,
        ].join(', '),
      )
    : listOrder;
  return { order, tail: pageLimit(page) };
}

const pageLimit = (page: TicketListPage) =>
  sql`LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`;

/**
 * The JSON of every matching ticket, or of one page of them. `onePlan` is the list's in its own order:
 * another order is planned for its values.
 */
const listed = (
  db: Kysely<Database>,
  conditions: RawBuilder<unknown>[],
  listOrder: RawBuilder<unknown>,
  page: TicketListPage | undefined,
  onePlan: OnePlan,
) => {
  if (!page) return ticketRows(db, asJson, conditions, listOrder, { onePlan });
  const { order, tail } = pageOf(page, listOrder);
  return ticketRows(db, asJson, conditions, order, { tail, onePlan: onePlan && !page.sort });
};

const ticketLoaders = new WeakMap<Kysely<Database>, DataLoader<number, TicketView | undefined>>();

/**
 * The tickets asked for by id in one turn of the event loop, read by one statement (nothing is cached):
 * the commands that wait for one projection batch wake together, and each reads its ticket back.
 */
function ticketLoader(db: Kysely<Database>): DataLoader<number, TicketView | undefined> {
  let loader = ticketLoaders.get(db);
  if (!loader) {
    const plain = db.withoutPlugins();
    loader = new DataLoader(
      async (ids) => {
        const found = await asViews.withIds(plain, ids);
        const byId = new Map(found.map((ticket) => [ticket.id, ticket]));
        return ids.map((id) => byId.get(id));
      },
      { cache: false },
    );
    ticketLoaders.set(db, loader);
  }
  return loader;
}

/**
 * An id no ticket can have (past PostgreSQL's integer) is not sent: it would fail the statement, and with
 * it every other request's read in the same batch.
 */
export const findTicket = async (db: Kysely<Database>, id: number): Promise<TicketView | undefined> =>
  isStorableId(id) ? ticketLoader(db).load(id) : undefined;

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
  /** Case-insensitive "contains", as is the plate. */
  jobSite?: string | null;
  truckLicensePlate?: string | null;
}

/** Typed % and _ are searched for, not used as wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * The site's calendar day holding `at` (by default the current one) as an instant range [start, end),
 * worked out by PostgreSQL in the site's zone. Both bounds are stable expressions: in an index
 * condition they are evaluated once per scan, and the planner sees their values (so it expects the
 * day's few hundred tickets, not a guess of 0.5% of the table). The end is the next midnight at the
 * site, not start + 24 hours: the days the clocks change last 23 and 25 hours. The zone (the portal's,
 * one for all its reads) is written into the text: sent as a parameter, a prepared list's generic
 * plan could not see the day's bounds, so PostgreSQL planned the list afresh on every call (a third
 * of its time).
 */
function siteDay(timeZone: string, at?: Date) {
  const instant = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const zone = sql.lit(timeZone);
  const midnight = sql`date_trunc('day', ${instant} AT TIME ZONE ${zone})`;
  return {
    start: sql`(${midnight} AT TIME ZONE ${zone})`,
    end: sql`((${midnight} + interval '1 day') AT TIME ZONE ${zone})`,
  };
}
type SiteDay = ReturnType<typeof siteDay>;

/** The same bounds as uncorrelated subqueries (InitPlans): computed once, not for every row tested. */
const computedOnce = (day: SiteDay): SiteDay => ({
  start: sql`(SELECT ${day.start})`,
  end: sql`(SELECT ${day.end})`,
});

const within = (column: 't.time_loaded' | 't.time_received', day: SiteDay) =>
  sql`(${sql.ref(column)} >= ${day.start} AND ${sql.ref(column)} < ${day.end})`;

/**
 * The dashboard's lists: Active (loaded today, not received) and Received (received today).
 * `at` names another instant's day instead of today's (tests).
 */
export const activeTicketsToday = (
  db: Kysely<Database>,
  timeZone: string,
  at?: Date,
  page?: TicketListPage,
) => listed(db, [activeOn(siteDay(timeZone, at))], sql`t.time_loaded DESC`, page, true);

/**
 * Active and Received are decided by the receipt, never by a time a form happened to carry (a time
 * received typed on an unreceived ticket does not make it received), so they never overlap.
 */
const activeOn = (day: SiteDay) => sql`(${within('t.time_loaded', day)} AND NOT t.is_received)`;
const receivedOn = (day: SiteDay) => sql`(${within('t.time_received', day)} AND t.is_received)`;
/** A receipt of today that was a load: a ticket received without ever being loaded is not a truck (issue 34, D23). */
const loadReceivedOn = (day: SiteDay) => sql`(${receivedOn(day)} AND NOT t.received_without_load)`;

export const receivedTicketsToday = (
  db: Kysely<Database>,
  timeZone: string,
  at?: Date,
  page?: TicketListPage,
) => listed(db, [receivedOn(siteDay(timeZone, at))], sql`t.time_received DESC`, page, true);

/**
 * Today's trucks: the Active ones and the Received ones that were loaded (a dashboard receipt clears the
 * time loaded; a ticket received without ever being loaded is no truck), so Loaded is always Active +
 * Received − received without a load. Its own order is the latest first: by the time loaded while
 * Active, by the time received once Received. Each half is read in that order from its time's index,
 * as far as the page asked for reaches, and the two are merged: a page no longer reads all the day's
 * tickets (5.5 ms at 1,400 of them, spread over as many table pages, to sort them by id).
 */
export const loadedTicketsToday = (
  db: Kysely<Database>,
  timeZone: string,
  at?: Date,
  page?: TicketListPage,
) => {
  const day = siteDay(timeZone, at);
  if (page?.sort)
    return listed(db, [sql`(${activeOn(day)} OR ${loadReceivedOn(day)})`], sql`t.id DESC`, page, false);
  const reach = page ? sql`LIMIT ${page.page * page.perPage}` : sql``;
  const tail = page ? pageLimit(page) : sql``;
  return ticketsFound(
    db,
    asJson,
    sql`SELECT id FROM (
        (SELECT t.id, t.time_loaded AS at FROM tickets t WHERE ${activeOn(day)}
          ORDER BY t.time_loaded DESC ${reach})
        UNION ALL
        (SELECT t.id, t.time_received AS at FROM tickets t WHERE ${loadReceivedOn(day)}
          ORDER BY t.time_received DESC ${reach})
      ) today ORDER BY at DESC, id DESC ${tail}`,
  );
};

/**
 * The 'Daily Trucks' metrics. Loaded counts every truck of today, Active or Received (a receipt from
 * the dashboard clears the time loaded, yet the truck was loaded), so it is their sum less the receipts of
 * tickets never loaded, which are counted on their own; Received counts today's receipts; Contractor(s)
 * and Job Site(s) are those of today's tickets. One pass over today's
 * tickets, found through both time indexes (a BitmapOr), never the whole table.
 */
export async function dailyCounts(db: Kysely<Database>, timeZone: string, at?: Date) {
  const day = siteDay(timeZone, at);
  const bounds = computedOnce(day);
  const { rows } = await sql<{
    loaded: number;
    active: number;
    received: number;
    receivedWithoutLoad: number;
    contractors: number;
    jobSites: number;
  }>`
    SELECT count(*) FILTER (WHERE NOT (t.is_received AND t.received_without_load))::int AS loaded,
           count(*) FILTER (WHERE ${activeOn(bounds)})::int AS active,
           count(*) FILTER (WHERE ${receivedOn(bounds)})::int AS received,
           count(*) FILTER (WHERE ${receivedOn(bounds)} AND t.received_without_load)::int AS "receivedWithoutLoad",
           count(DISTINCT t.contractor_company_id)::int AS contractors,
           count(DISTINCT lower(t.job_site))::int AS "jobSites"
    FROM tickets t
    WHERE ${activeOn(day)} OR ${receivedOn(day)}`.execute(db.withoutPlugins());
  const row = rows[0] ?? {
    loaded: 0,
    active: 0,
    received: 0,
    receivedWithoutLoad: 0,
    contractors: 0,
    jobSites: 0,
  };
  return {
    loadedTicketCountForToday: row.loaded,
    activeTicketCountForToday: row.active,
    receivedTicketCountForToday: row.received,
    receivedWithoutLoadCountForToday: row.receivedWithoutLoad,
    uniqueContractorsForToday: row.contractors,
    uniqueJobSitesForToday: row.jobSites,
  };
}

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

/**
 * Issue 34 (D21): the open dispatches (dispatched, neither received nor rejected) of a truck, by its record
 * or its plate, for the domain's otherOpenDispatchesOfTruck to judge. The plate is matched as the trigram
 * index on upper(truck_license_plate) serves it.
 */
export const openDispatchesOfTruck = (
  db: Kysely<Database>,
  truck: { truckId: number | null; truckLicensePlate: string | null },
) => {
  const plate = truck.truckLicensePlate?.trim() ?? '';
  if (truck.truckId === null && plate === '') return Promise.resolve([]);
  return db
    .selectFrom('tickets')
    .select([
      'id',
      'prefix',
      'ticketNumber',
      'truckId',
      'truckLicensePlate',
      'isDispatched',
      'isReceived',
      'isRejected',
    ])
    .where('isDispatched', '=', true)
    .where('isReceived', '=', false)
    .where('isRejected', '=', false)
    .where((eb) =>
      eb.or([
        ...(truck.truckId === null ? [] : [eb('truckId', '=', truck.truckId)]),
        ...(plate === ''
          ? []
          : [eb(sql`upper(truck_license_plate)`, 'like', escapeLike(plate.toUpperCase()))]),
      ]),
    )
    .orderBy('ticketNumber')
    .limit(100)
    .execute();
};
