import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The number of tickets of each job site (as a "contains" search compares it, lowercased), kept by
// triggers on the tickets table, so a search by job site alone counts its matches in a few hundred
// rows instead of reading every matching ticket (296 ms for 28,000 of 1,000,000). The triggers run once
// per statement on its transition tables: whoever writes tickets (the projection, a rebuild, a seed),
// the counts follow in the same transaction.
export async function up(db: Kysely<any>): Promise<void> {
  // Keyed by a hash of the job site: a job site has no length limit, and a btree entry longer than a
  // page's third fails the write (a long name once stalled every projection that way).
  await sql`
    CREATE TABLE ticket_job_site_counts (
      job_site_key uuid PRIMARY KEY,
      job_site text NOT NULL,
      tickets integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX ticket_job_site_counts_trgm_idx ON ticket_job_site_counts USING gin (job_site gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    INSERT INTO ticket_job_site_counts (job_site_key, job_site, tickets)
    SELECT md5(job_site)::uuid, job_site, count(*)
    FROM (SELECT lower(job_site) AS job_site FROM tickets WHERE job_site IS NOT NULL) AS sites
    GROUP BY job_site`.execute(db);
  // Each branch sums the statement's changes per job site and adds them in key order, so writers in
  // concurrent transactions lock counts alike. A job site whose tickets are all gone keeps its row, at 0.
  await sql`
    CREATE FUNCTION count_ticket_job_sites() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM ticket_job_site_counts;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO ticket_job_site_counts AS counts (job_site_key, job_site, tickets)
        SELECT md5(job_site)::uuid, job_site, count(*)
        FROM (SELECT lower(job_site) AS job_site FROM new_tickets WHERE job_site IS NOT NULL) AS sites
        GROUP BY job_site ORDER BY 1
        ON CONFLICT (job_site_key) DO UPDATE SET tickets = counts.tickets + excluded.tickets;
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
      RETURN NULL;
    END $$`.execute(db);
  // One trigger per kind of write: a trigger with transition tables may fire on one event only.
  const triggers: [name: string, event: string, transitionTables: string][] = [
    ['tickets_inserted_count_job_sites', 'INSERT', 'REFERENCING NEW TABLE AS new_tickets'],
    [
      'tickets_updated_count_job_sites',
      'UPDATE',
      'REFERENCING OLD TABLE AS old_tickets NEW TABLE AS new_tickets',
    ],
    ['tickets_deleted_count_job_sites', 'DELETE', 'REFERENCING OLD TABLE AS old_tickets'],
    ['tickets_emptied_count_job_sites', 'TRUNCATE', ''],
  ];
  for (const [trigger, event, transitionTables] of triggers)
    await sql`CREATE TRIGGER ${sql.ref(trigger)} AFTER ${sql.raw(event)} ON tickets ${sql.raw(transitionTables)}
      FOR EACH STATEMENT EXECUTE FUNCTION count_ticket_job_sites()`.execute(db);
}
