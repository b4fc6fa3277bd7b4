import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('prefix', 'integer', (c) => c.notNull())
    .addColumn('ticket_number', 'integer', (c) => c.notNull())
    .addColumn('hash_nonce', 'text', (c) => c.notNull())
    .addColumn('is_soil_flo_load', 'boolean', (c) => c.notNull())
    .addColumn('is_received', 'boolean', (c) => c.notNull())
    .addColumn('is_complete', 'boolean', (c) => c.notNull())
    .addColumn('is_dispatched', 'boolean', (c) => c.notNull())
    .addColumn('is_rejected', 'boolean', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('date', 'timestamptz')
    .addColumn('time_loaded', 'timestamptz')
    .addColumn('time_received', 'timestamptz')
    .addColumn('job_site', 'text')
    .addColumn('contractor_company_id', 'integer')
    .addColumn('transport_company_id', 'integer')
    .addColumn('truck_id', 'integer')
    .addColumn('truck_type_id', 'integer')
    .addColumn('truck_number', 'text')
    .addColumn('truck_license_plate', 'text')
    .addColumn('truck_driver_name', 'text')
    .addColumn('truck_driver_number', 'text')
    .addColumn('site_contact_name', 'text')
    .addColumn('site_contact_number', 'text')
    .addColumn('contractor_office_contact_id', 'integer')
    .addColumn('transport_contact_name', 'text')
    .addColumn('transport_contact_number', 'text')
    .addColumn('project_id', 'integer')
    .addColumn('project_leader', 'text')
    .addColumn('material_type_id', 'integer')
    .addColumn('material_id', 'integer')
    .addColumn('is_salt_impacted', 'boolean', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('weight', 'numeric(12, 2)')
    .addColumn('soil_flo_ticket_id', 'integer')
    .addColumn('update_soil_flo', 'boolean', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  // Indexes for the dashboard's and reports' filters (the Search tab's and the report's); none is unique:
  // ticket-number uniqueness is a write-side rule, and a read model must never refuse an event.
  await db.schema
    .createIndex('tickets_number_idx')
    .on('tickets')
    .columns(['ticket_number', 'prefix'])
    .execute();
  await db.schema.createIndex('tickets_plate_idx').on('tickets').column('truck_license_plate').execute();
  await db.schema
    .createIndex('tickets_contractor_idx')
    .on('tickets')
    .column('contractor_company_id')
    .execute();
  await db.schema.createIndex('tickets_transport_idx').on('tickets').column('transport_company_id').execute();
  await db.schema.createIndex('tickets_project_idx').on('tickets').column('project_id').execute();
  await db.schema.createIndex('tickets_date_idx').on('tickets').column('date').execute();
  await db.schema.createIndex('tickets_time_loaded_idx').on('tickets').column('time_loaded').execute();
  await db.schema.createIndex('tickets_time_received_idx').on('tickets').column('time_received').execute();
  // Job-site search is a case-insensitive "contains": a trigram index keeps it fast on a million rows.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tickets_job_site_trgm_idx ON tickets USING gin (lower(job_site) gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('ticket_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ticket_id', 'integer', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('stream_version', 'integer', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('current_data_object', 'jsonb')
    .addColumn('updated_data_object', 'jsonb')
    .execute();
  await db.schema
    .createIndex('ticket_log_ticket_idx')
    .on('ticket_log')
    .columns(['ticket_id', 'id'])
    .execute();
}
