import { maxStoredInteger } from '@portal/domain';
import { type TOptional, type TSchema, type TUnknown, Type } from '@sinclair/typebox';

/** Every error body: the message to show, plus per-field messages for form validation. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** PostgreSQL integer ids: a larger number is a 400, not a database error. */
export const maxId = maxStoredInteger;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: maxId }) });

/** Error answers every route may give. */
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

/** Named body fields of any JSON type, each read and validated by the slice (as LooseRecord, but documented). */
export const looseFields = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown())])) as Record<
    Name,
    TOptional<TUnknown>
  >;

export const Versioned = {
  id: Type.Integer(),
  version: Type.Integer({ description: 'Send back on edit; a changed version is a 409' }),
};

/** A route's answers: `schema` on success, the shared error bodies otherwise. */
export const okResponses = <S extends TSchema>(schema: S) => ({ 200: schema, ...errorResponses }) as const;

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file download's answer: the bytes, streamed (the serializer leaves streams and buffers alone). */
export const FileDownload = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });
