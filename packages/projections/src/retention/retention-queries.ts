import {
  defaultRetentionPolicy,
  removedPersonalData,
  retentionPolicyId,
  ticketPersonalFields,
} from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/** The site's retention policy, or the default (no period: nothing removed) before anyone set it. */
export async function getRetentionPolicy(db: Kysely<Database>) {
  const row = await db
    .selectFrom('retentionPolicy')
    .select(['id', 'ticketPersonalDataYears', 'version'])
    .where('id', '=', retentionPolicyId)
    .executeTakeFirst();
  return row ?? { id: retentionPolicyId, ...defaultRetentionPolicy, version: 0 };
}

/** The legal holds standing, newest first, with what each covers by name. */
export function listLegalHolds(db: Kysely<Database>) {
  return db
    .selectFrom('legalHolds as h')
    .leftJoin('projects as p', 'p.id', 'h.projectId')
    .leftJoin('contractorCompanies as c', 'c.id', 'h.contractorCompanyId')
    .select([
      'h.id',
      'h.projectId',
      'p.projectId as projectReference',
      'h.contractorCompanyId',
      'c.name as contractorCompanyName',
      'h.fromTicketId',
      'h.toTicketId',
      'h.reason',
      'h.version',
    ])
    .orderBy('h.id', 'desc')
    .execute();
}

export const findLegalHold = (db: Kysely<Database>, id: number) =>
  db.selectFrom('legalHolds').selectAll().where('id', '=', id).executeTakeFirst();

const personalColumns = ticketPersonalFields.map((field) =>
  sql.ref(`t.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`),
);

/** Whether a legal hold covers ticket `t`: its project, its contractor, or a range holding its id. */
const coveredByHold = sql`EXISTS (SELECT 1 FROM legal_holds h WHERE h.project_id = t.project_id
  OR h.contractor_company_id = t.contractor_company_id OR t.id BETWEEN h.from_ticket_id AND h.to_ticket_id)`;

/** Whether ticket `t`'s record still shows any personal data. */
const holdsPersonalData = sql`(${sql.join(
  personalColumns.map((column) => sql`(${column} IS NOT NULL AND ${column} <> ${removedPersonalData})`),
  sql` OR `,
)})`;

/**
 * Tickets dated before `cutoff` whose record still shows personal data and that no legal hold covers: at
 * most `limit`, in id order after `afterId`.
 */
export async function ticketsDueForRedaction(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
  afterId = 0,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT t.id FROM tickets t
    WHERE t.id > ${afterId} AND t.date < ${cutoff} AND ${holdsPersonalData} AND NOT ${coveredByHold}
    ORDER BY t.id LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Of the tickets dated before `cutoff`: how many retention would change (personal data, no hold) and how
 * many a legal hold keeps, in one scan.
 */
export async function ticketsPastRetention(
  db: Kysely<Database>,
  cutoff: Date,
): Promise<{ dueTickets: number; heldTickets: number }> {
  const { rows } = await sql<{ dueTickets: number; heldTickets: number }>`SELECT
      count(*) FILTER (WHERE NOT covered AND personal)::int AS "dueTickets",
      count(*) FILTER (WHERE covered)::int AS "heldTickets"
    FROM (SELECT ${coveredByHold} AS covered, ${holdsPersonalData} AS personal
      FROM tickets t WHERE t.date < ${cutoff}) past`.execute(db);
  return rows[0] ?? { dueTickets: 0, heldTickets: 0 };
}
