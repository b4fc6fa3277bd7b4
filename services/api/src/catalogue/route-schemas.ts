import { DomainError, isStorableId, numberTooLargeMessage, optionalId } from '@portal/domain';
import { type TSchema, Type } from '@sinclair/typebox';
import { ErrorSchema } from '../http-schemas';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** PostgreSQL integer ids: a larger number is a 400, not a database error. */
export const maxId = 2_147_483_647;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: maxId }) });

/** Error answers every reference-data route may give. */
export const errorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
};

/**
 * Bodies are loose objects: each field is read and validated by the slice, so a missing or
 * malformed field gets the spec's own message rather than a schema error.
 */
export const LooseRecord = Type.Record(Type.String(), Type.Unknown());

export const Versioned = {
  id: Type.Integer(),
  version: Type.Integer({ description: 'Send back on edit; a changed version is a 409' }),
};

/** The version the client loaded, when it sent one. */
export const versionOf = (record: Record<string, unknown> | undefined): number | undefined =>
  typeof record?.version === 'number' ? record.version : undefined;

/** The record's id, or 0 (no record) when it has none or one no record can have (past int4). */
export const idOf = (record: Record<string, unknown> | undefined): number => {
  const id = optionalId(record?.id, 'id');
  return id !== null && isStorableId(id) ? id : 0;
};

/**
 * An id chosen in a loose body (a filter, a list's company): null when none is chosen; a 400 naming
 * the field when no record can have it (past int4), which PostgreSQL would refuse to look up.
 */
export function chosenId(value: unknown, field: string): number | null {
  const id = optionalId(value, field);
  if (id !== null && !isStorableId(id))
    throw new DomainError('validation', numberTooLargeMessage, { [field]: numberTooLargeMessage });
  return id;
}
