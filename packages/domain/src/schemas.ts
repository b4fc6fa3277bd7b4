import {
  type SchemaOptions,
  type Static,
  type TLiteral,
  type TSchema,
  type TUnion,
  Type,
} from '@sinclair/typebox';

/** A value or null: how the read models and the forms say "none". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of these values, e.g. a page size or a state: a union of their literals. */
export const OneOf = <const Values extends readonly (string | number)[]>(
  values: Values,
  options?: SchemaOptions,
) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<{ -readonly [K in keyof Values]: TLiteral<Values[K]> }>;

/** An aggregate's events from its event schemas (version 1, keyed by type): `{type, data}` for each. */
export type EventOf<Schemas extends Record<string, TSchema>> = {
  [K in keyof Schemas & string]: { type: K; data: Static<Schemas[K]> };
}[keyof Schemas & string];

/** The event types an aggregate's schemas define, for projections that handle them all. */
export const eventTypesOf = <Schemas extends Record<string, TSchema>>(schemas: Schemas) =>
  Object.keys(schemas) as (keyof Schemas & string)[];
