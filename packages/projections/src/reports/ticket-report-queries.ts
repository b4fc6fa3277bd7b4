import type { ReportChart, ReportRow, ReportSort, ReportTotals } from '@portal/contract';
import { truckTypeNames } from '@portal/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { filterConditions, type TicketFilter, ticketsJoined, whereAll } from '../tickets/tickets-queries';
import { deliveredLoad, ticketCountColumns } from './ticket-counts';

/**
 * The Reports page's custom report (docs/rules.md, "Reports and exports"): its table, its export's rows read
 * in batches, its chart. Every query filters with `filterConditions`, the filter of POST /api/ticket/report.
 */

type ReportInstantField = 'date' | 'timeLoaded' | 'timeReceived';

/** A ReportRow with its instants as Dates (the answer writes them as ISO strings, the export as cells). */
export type ReportRowView = Omit<ReportRow, ReportInstantField> & {
  [Field in ReportInstantField]: Date | null;
};

const truckTypeName = sql`CASE t.truck_type_id ${sql.join(
  Object.entries(truckTypeNames).map(([id, name]) => sql`WHEN ${sql.lit(Number(id))} THEN ${sql.lit(name)}`),
  sql` `,
)} END`;

/** Plain SQL run without the CamelCasePlugin, as `ticketRows` (it cannot round-trip isSoilFLOLoad). */
const reportRowColumns = sql`
  t.id, t.prefix, t.ticket_number AS "ticketNumber", t.date, cc.name AS "contractorCompanyName",
  t.job_site AS "jobSite", tc.name AS "transportCompanyName", t.weight::float8 AS weight,
  t.truck_license_plate AS "truckLicensePlate", t.truck_number AS "truckNumber",
  t.time_loaded AS "timeLoaded", t.time_received AS "timeReceived", p.project_id AS "projectProjectId",
  mt.name AS "materialTypeName", m.name AS "materialName", ${truckTypeName} AS "truckTypeName",
  t.truck_driver_name AS "truckDriverName", t.truck_driver_number AS "truckDriverNumber",
  t.site_contact_name AS "siteContactName", t.site_contact_number AS "siteContactNumber",
  office.name AS "contractorOfficeContactName", t.transport_contact_name AS "transportContactName",
  t.transport_contact_number AS "transportContactNumber", t.project_leader AS "projectLeader",
  t.is_salt_impacted AS "isSaltImpacted", t.is_received AS "isReceived", t.is_dispatched AS "isDispatched",
  t.is_rejected AS "isRejected", nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "receivingContact",
  t.is_soil_flo_load AS "isSoilFLOLoad", t.notes`;

const reportOrder: Record<ReportSort, RawBuilder<unknown>> = {
  ticketNumber: sql`t.ticket_number, t.id`,
  contractorCompanyName: sql`cc.name NULLS LAST, t.ticket_number, t.id`,
};

const reportRowsQuery = (filter: TicketFilter, sort: ReportSort, tail: RawBuilder<unknown> = sql``) =>
  sql<ReportRowView>`SELECT ${reportRowColumns} FROM ${ticketsJoined} ${whereAll(filterConditions(filter))}
    ORDER BY ${reportOrder[sort]} ${tail}`;

/** The whole result's counts and its loads' net in one pass; the filter needs no join. */
export async function reportTotals(db: Kysely<Database>, filter: TicketFilter): Promise<ReportTotals> {
  const { rows } = await sql<ReportTotals>`
    SELECT ${ticketCountColumns},
           coalesce(sum(t.weight) FILTER (WHERE ${deliveredLoad}), 0)::float8 AS "netKg",
           round(coalesce(sum(t.weight) FILTER (WHERE ${deliveredLoad}), 0) / 1000, 2)::float8 AS "netTonnes"
    FROM tickets t ${whereAll(filterConditions(filter))}`.execute(db.withoutPlugins());
  const [totals] = rows;
  if (!totals) throw new Error('report totals: an aggregate answered no row');
  return totals;
}

/** One page of the report and the whole result's totals (`total` is its row count). */
export async function reportTable(
  db: Kysely<Database>,
  filter: TicketFilter,
  { sort, page, perPage }: { sort: ReportSort; page: number; perPage: number },
) {
  const [{ rows }, totals] = await Promise.all([
    reportRowsQuery(filter, sort, sql`LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`).execute(
      db.withoutPlugins(),
    ),
    reportTotals(db, filter),
  ]);
  return { rows, total: totals.tickets, totals };
}

/**
 * The whole result through a server-side cursor, `batchSize` rows at a time: an export of 100,000
 * rows never holds more than one batch. `onBatch` is awaited before the next fetch, so a slow reader
 * (the download's socket) slows the query down instead of filling memory. Answers the totals, read in
 * the cursor's snapshot (repeatable read), so they count the rows written.
 */
export async function forEachReportBatch(
  db: Kysely<Database>,
  filter: TicketFilter,
  sort: ReportSort,
  batchSize: number,
  onBatch: (rows: ReportRowView[]) => Promise<void>,
): Promise<ReportTotals> {
  return db
    .withoutPlugins()
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`DECLARE report_rows NO SCROLL CURSOR FOR ${reportRowsQuery(filter, sort)}`.execute(trx);
      for (;;) {
        const { rows } = await sql<ReportRowView>`FETCH ${sql.lit(batchSize)} FROM report_rows`.execute(trx);
        if (rows.length === 0) break;
        await onBatch(rows);
      }
      return reportTotals(trx, filter);
    });
}

/** The names the export's filter summary shows for the filter's ids (null: not set or not found). */
export async function reportFilterNames(db: Kysely<Database>, filter: TicketFilter) {
  const { rows } = await sql<{
    contractor: string | null;
    haulageCompany: string | null;
    project: string | null;
  }>`
    SELECT (SELECT name FROM contractor_companies WHERE id = ${filter.contractorCompanyId ?? null}) AS contractor,
           (SELECT name FROM transport_companies WHERE id = ${filter.transportCompanyId ?? null}) AS "haulageCompany",
           (SELECT project_id FROM projects WHERE id = ${filter.projectId ?? null}) AS project`.execute(
    db.withoutPlugins(),
  );
  return rows[0] ?? { contractor: null, haulageCompany: null, project: null };
}

/**
 * The chart panel: delivered loads per site calendar day of their receipt and per contractor or
 * material; and per project of the result, its net tonnes delivered against its approved quantity.
 */
export async function reportChart(
  db: Kysely<Database>,
  filter: TicketFilter,
  stackBy: 'contractor' | 'material',
  timeZone: string,
): Promise<ReportChart> {
  const conditions = filterConditions(filter);
  const stack = stackBy === 'contractor' ? sql`cc.name` : sql`m.name`;
  const plain = db.withoutPlugins();
  const [perDay, projects] = await Promise.all([
    sql<ReportChart['receivedPerDay'][number]>`
      SELECT to_char(t.time_received AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, ${stack} AS stack,
             count(*)::int AS loads
      FROM tickets t
        LEFT JOIN contractor_companies cc ON cc.id = t.contractor_company_id
        LEFT JOIN materials m ON m.id = t.material_id
      ${whereAll([...conditions, deliveredLoad, sql`t.time_received IS NOT NULL`])}
      GROUP BY 1, 2 ORDER BY 1, 2 NULLS LAST`.execute(plain),
    sql<ReportChart['projects'][number]>`
      SELECT p.id AS "projectId", p.project_id AS "projectProjectId",
             coalesce(sum(t.weight) FILTER (WHERE ${deliveredLoad}), 0)::float8 AS "netKg",
             round(coalesce(sum(t.weight) FILTER (WHERE ${deliveredLoad}), 0) / 1000, 2)::float8 AS "netTonnes",
             coalesce(p.approved, 0)::float8 AS approved
      FROM tickets t JOIN projects p ON p.id = t.project_id
      ${whereAll(conditions)}
      GROUP BY p.id ORDER BY p.project_id, p.id`.execute(plain),
  ]);
  return { receivedPerDay: perDay.rows, projects: projects.rows };
}
