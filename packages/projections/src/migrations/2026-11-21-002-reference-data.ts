import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
export async function up(db: Kysely<any>): Promise<void> {
  const named = async (table: string) => {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    // Name searches are case-insensitive "contains" (spec: contractors list).
    await sql`CREATE INDEX ${sql.id(`${table}_name_lower_idx`)} ON ${sql.table(table)} (lower(name))`.execute(
      db,
    );
  };
  await named('contractor_companies');
  await named('transport_companies');
  await named('materials');
  await named('material_types');

  await db.schema
    .createTable('contractor_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contractor_company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('is_office_contact', 'boolean', (c) => c.notNull())
    .addColumn('is_site_contact', 'boolean', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contractor_contacts_company_idx')
    .on('contractor_contacts')
    .column('contractor_company_id')
    .execute();

  await db.schema
    .createTable('transport_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('transport_company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transport_contacts_company_idx')
    .on('transport_contacts')
    .column('transport_company_id')
    .execute();

  await db.schema
    .createTable('trucks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('transport_company_id', 'integer', (c) => c.notNull())
    .addColumn('driver_name', 'text')
    .addColumn('driver_number', 'text')
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('license_plate', 'text', (c) => c.notNull())
    .addColumn('tare_weight', 'numeric(12, 2)')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trucks_company_idx').on('trucks').column('transport_company_id').execute();
  // Not unique: uniqueness is a write-side rule; a read model must never refuse an event.
  await db.schema.createIndex('trucks_license_plate_idx').on('trucks').column('license_plate').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('contractor_company_id', 'integer', (c) => c.notNull())
    .addColumn('job_site', 'text', (c) => c.notNull())
    .addColumn('site_contact_id', 'integer')
    .addColumn('office_contact_id', 'integer')
    .addColumn('material_type_id', 'integer')
    .addColumn('is_soil_flo_project', 'boolean', (c) => c.notNull())
    .addColumn('approved', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('over_threshold', 'boolean', (c) => c.notNull())
    .addColumn('salt_impacted', 'boolean', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_contractor_idx')
    .on('projects')
    .column('contractor_company_id')
    .execute();

  await db.schema
    .createTable('project_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('current_data_object', 'jsonb')
    .addColumn('updated_data_object', 'jsonb')
    .execute();
  await db.schema
    .createIndex('project_log_project_idx')
    .on('project_log')
    .columns(['project_id', 'id'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('current_prefix', 'integer', (c) => c.notNull())
    .addColumn('default_tare_weight', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('haulage_record_receiver_name', 'text')
    .addColumn('haulage_record_receiver_phone', 'text')
    .addColumn('haulage_record_receiver_email', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}
