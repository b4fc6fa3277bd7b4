import type { Ticket, TicketInstantField } from '@portal/contract';
import { truckTypeNames } from '@portal/domain';
import { type RawBuilder, sql } from 'kysely';

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
  givenTransportCompanyName: 't.given_transport_company_name',
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

export const ticketColumns = ticketColumnsWith((column) => sql.raw(column));

/**
 * The same columns for PostgreSQL to write as the API's JSON: each instant as Date's toISOString writes
 * it (UTC, milliseconds), so a list written there reads exactly as the serializer would have written it.
 */
export const ticketJsonColumns = ticketColumnsWith((column) =>
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
