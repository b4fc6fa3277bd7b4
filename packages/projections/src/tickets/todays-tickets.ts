import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { listed, pageLimit, type TicketListPage } from './ticket-pages';
import { asJson, ticketsFound } from './ticket-rows';

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
 * Active and Received are decided by the receipt, never by a time a form happened to carry (a time
 * received typed on an unreceived ticket does not make it received), so they never overlap.
 */
const activeOn = (day: SiteDay) => sql`(${within('t.time_loaded', day)} AND NOT t.is_received)`;
const receivedOn = (day: SiteDay) => sql`(${within('t.time_received', day)} AND t.is_received)`;
/** A receipt of today that was a load: a ticket received without ever being loaded is not a truck (issue 34, D23). */
const loadReceivedOn = (day: SiteDay) => sql`(${receivedOn(day)} AND NOT t.received_without_load)`;

/**
 * A dashboard list: the tickets `on` the site's day picks, in `order`. `at` names another instant's day
 * instead of today's (tests).
 */
const todaysList =
  (on: (day: SiteDay) => RawBuilder<unknown>, order: RawBuilder<unknown>) =>
  (db: Kysely<Database>, timeZone: string, at?: Date, page?: TicketListPage) =>
    listed(db, [on(siteDay(timeZone, at))], order, page, true);

/** The dashboard's lists: Active (loaded today, not received) and Received (received today). */
export const activeTicketsToday = todaysList(activeOn, sql`t.time_loaded DESC`);
export const receivedTicketsToday = todaysList(receivedOn, sql`t.time_received DESC`);

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
