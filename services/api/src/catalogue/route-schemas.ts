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

export const idOf = (record: Record<string, unknown> | undefined): number => {
  const id = Number(record?.id);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
