import type { TSchema } from '@sinclair/typebox';

/**
 * Stored events are never rewritten. When an event type's payload has to change, the change is a new
 * version: the old schema stays here, frozen, with an upcaster that turns its data into the next
 * version's, and events are upcast as they are read (Emmett's and EventStoreDB's pattern). Deciders
 * write the newest version and `evolve` and the projections only ever see it.
 *
 * Version 1 of every type is its shape when versions began (2026-11-27); fields that had been added to
 * it in place before then are optional in it. Each appended event records its version in its metadata
 * (`schemaVersion`); an event without one was written before versions and is version 1.
 */
export interface OlderEventVersion {
  /** The version's payload schema, frozen. */
  schema: TSchema;
  /** Its data as the next version's. */
  toNext: (data: never) => unknown;
}

/** Each event type's versions before its current one, oldest first: version 1, 2, … */
export type OlderEventVersions = Record<string, readonly OlderEventVersion[]>;

export interface EventTypeVersions {
  /** Every version's schema, version 1 first; the last is the current one. */
  schemas: readonly TSchema[];
  /** `upcasters[i]` turns version i + 1's data into version i + 2's. */
  upcasters: readonly ((data: never) => unknown)[];
}

/** The metadata key an appended event's version is recorded under. */
export const schemaVersionKey = 'schemaVersion';

/** An aggregate's event types, each with its current schema and the versions before it. */
export function eventVersionsOf(
  current: Record<string, TSchema>,
  older: OlderEventVersions = {},
): Record<string, EventTypeVersions> {
  for (const type of Object.keys(older)) {
    if (!(type in current)) throw new Error(`Older versions of ${type}, which has no current schema`);
  }
  return Object.fromEntries(
    Object.entries(current).map(([type, schema]) => {
      const before = older[type] ?? [];
      return [
        type,
        { schemas: [...before.map((v) => v.schema), schema], upcasters: before.map((v) => v.toNext) },
      ];
    }),
  );
}

/** The version an event of `type` is written at now; undefined for a type no aggregate defines. */
export const currentVersionOf = (
  registry: Record<string, EventTypeVersions>,
  type: string,
): number | undefined => registry[type]?.schemas.length;

/** Stored data of `type` at `version` as the current version's; an unknown type's data as it is. */
export function upcastEventData(
  registry: Record<string, EventTypeVersions>,
  type: string,
  version: number,
  data: unknown,
): unknown {
  const versions = registry[type];
  if (!versions) return data;
  if (!Number.isInteger(version) || version < 1 || version > versions.schemas.length) {
    throw new Error(`${type} has no version ${version}: this build knows 1 to ${versions.schemas.length}`);
  }
  // Most events read are current: they pass without an array made per event (a rebuild reads thousands a second).
  let upcast = data;
  for (let index = version - 1; index < versions.upcasters.length; index++)
    upcast = versions.upcasters[index]?.(upcast as never);
  return upcast;
}

/** The version an event's metadata records: 1 for events written before versions. */
export const storedVersionOf = (metadata: Record<string, unknown>): number => {
  const version = metadata[schemaVersionKey];
  return typeof version === 'number' ? version : 1;
};
