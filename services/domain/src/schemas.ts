import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A value or null: how the read models and the forms say "none". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An aggregate's events from its event schemas (version 1, keyed by type): `{type, data}` for each. */
export type EventOf<Schemas extends Record<string, TSchema>> = {
  [K in keyof Schemas & string]: { type: K; data: Static<Schemas[K]> };
}[keyof Schemas & string];

/** The event types an aggregate's schemas define, for projections that handle them all. */
export const eventTypesOf = <Schemas extends Record<string, TSchema>>(schemas: Schemas) =>
  Object.keys(schemas) as (keyof Schemas & string)[];
