import { type TSchema, Type } from '@sinclair/typebox';

/** A value or null: how the read models and the forms say "none". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
