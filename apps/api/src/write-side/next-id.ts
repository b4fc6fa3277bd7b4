import type pg from 'pg';

/** Kinds of entity with numeric ids (the spec's routes take numbers); one sequence each. */
export type IdKind =
  | 'user'
  | 'contractor_company'
  | 'contractor_contact'
  | 'project'
  | 'transport_company'
  | 'transport_contact'
  | 'truck'
  | 'material'
  | 'material_type'
  | 'scale'
  | 'ticket'
  | 'legal_hold';

/** A new id for an aggregate, never reused even when the command that took it fails. */
export async function nextId(pool: pg.Pool, kind: IdKind): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(`SELECT nextval('${kind}_id_seq') AS id`);
  return Number(rows[0]?.id);
}
