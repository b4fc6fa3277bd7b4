import type { Database } from '@portal/projections';
import { type Kysely, sql } from 'kysely';

/**
 * Large report downloads, for what must keep answering while they run (issue 32, L4): the
 * export-threads integration test and the abuse-soak bench. The rows are written straight into the read
 * model, as the ticket-report bench does (through the API they would take minutes).
 */

/** Every column of the custom report that has a value in the seeded rows. */
const everyColumn = [
  'ticketNumber',
  'date',
  'contractorCompanyName',
  'jobSite',
  'transportCompanyName',
  'truckNumber',
  'truckLicensePlate',
  'truckDriverName',
  'timeLoaded',
  'timeReceived',
  'weight',
  'isReceived',
];

/** Tickets 1 to `count` (prefix 0), nine in ten received, over 20 contractors and 10 haulage companies. */
export async function seedExportRows(db: Kysely<Database>, count: number): Promise<void> {
  await sql`INSERT INTO contractor_companies (id, name, version)
    SELECT g, 'Contractor ' || g, 1 FROM generate_series(1, 20) g`.execute(db);
  await sql`INSERT INTO transport_companies (id, name, version)
    SELECT g, 'Hauler ' || g, 1 FROM generate_series(1, 10) g`.execute(db);
  await sql`
    INSERT INTO tickets (id, prefix, ticket_number, hash_nonce, is_soil_flo_load, is_received, is_complete,
      is_dispatched, is_rejected, user_id, date, time_loaded, time_received, job_site, contractor_company_id,
      transport_company_id, truck_type_id, truck_number, truck_license_plate, truck_driver_name, site_contact_name,
      is_salt_impacted, update_soil_flo, weight, version)
    SELECT g, 0, g, md5(g::text), false, g % 10 <> 0, true, false, false, NULL,
      now() - (g % 300) * interval '1 day', now() - (g % 300) * interval '1 day',
      CASE WHEN g % 10 <> 0 THEN now() - (g % 300) * interval '1 day' + interval '2 hours' END,
      'Job site ' || (g % 50), g % 20 + 1, g % 10 + 1, g % 2 + 1, 'T' || (g % 100), 'PL' || lpad(g::text, 5, '0'),
      'Driver ' || (g % 30), 'Site contact', false, false, 10000 + g % 20000, 1
    FROM generate_series(1, ${count}) g`.execute(db);
  // Keep ids the API hands out clear of the seeded ones.
  await sql`SELECT setval('ticket_id_seq', ${count * 2})`.execute(db);
}

/** Downloads the report of tickets 1 to `count`, every column, over HTTP; answers its size in bytes. */
export async function downloadExport(url: string, authorization: string, count: number): Promise<number> {
  const response = await fetch(`${url}/api/ticket/report/excel`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ from: 1, to: count, columns: everyColumn }),
  });
  if (!response.ok) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  for await (const part of response.body ?? []) bytes += (part as Uint8Array).byteLength;
  return bytes;
}
