import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A job site whose tickets are all gone loses its row, rather than keeping it at 0: a rebuild then writes
// the same rows however its batches fall (a job site a ticket held only between two batches used to stay
// behind at 0, one held within a batch did not). A missing row counts 0, as a row at 0 did.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION count_ticket_job_sites() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM ticket_job_site_counts;
        RETURN NULL;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO ticket_job_site_counts AS counts (job_site_key, job_site, tickets)
        SELECT md5(job_site)::uuid, job_site, count(*)
        FROM (SELECT lower(job_site) AS job_site FROM new_tickets WHERE job_site IS NOT NULL) AS sites
        GROUP BY job_site ORDER BY 1
        ON CONFLICT (job_site_key) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
        RETURN NULL;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO ticket_job_site_counts AS counts (job_site_key, job_site, tickets)
        SELECT md5(job_site)::uuid, job_site, -count(*)
        FROM (SELECT lower(job_site) AS job_site FROM old_tickets WHERE job_site IS NOT NULL) AS sites
        GROUP BY job_site ORDER BY 1
        ON CONFLICT (job_site_key) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
      ELSE
        INSERT INTO ticket_job_site_counts AS counts (job_site_key, job_site, tickets)
        SELECT md5(job_site)::uuid, job_site, sum(change)
        FROM (
          SELECT lower(job_site), 1 FROM new_tickets WHERE job_site IS NOT NULL
          UNION ALL SELECT lower(job_site), -1 FROM old_tickets WHERE job_site IS NOT NULL
        ) AS changes (job_site, change)
        GROUP BY job_site HAVING sum(change) <> 0 ORDER BY 1
        ON CONFLICT (job_site_key) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
      END IF;
      -- Only a statement that took tickets away can bring a count to 0.
      DELETE FROM ticket_job_site_counts
      WHERE tickets = 0
        AND job_site_key IN (SELECT md5(lower(job_site))::uuid FROM old_tickets WHERE job_site IS NOT NULL);
      RETURN NULL;
    END $$`.execute(db);
  await sql`DELETE FROM ticket_job_site_counts WHERE tickets = 0`.execute(db);
}
