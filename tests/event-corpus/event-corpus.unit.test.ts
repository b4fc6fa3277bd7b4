import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  evolveTicket,
  evolveUser,
  initialTicketState,
  initialUserState,
  portalCatalogues,
  portalEventVersions,
  storedVersionOf,
  ticketStreamId,
  upcastEventData,
  userStreamId,
} from '@portal/domain';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { type CorpusStream, corpusDirectory, loadCorpusStreams, readCorpusJson } from './corpus';

// Events are immutable and versioned (issue 30, item 3): the corpus holds events of every type and version
// the portal has written, as stored. Each must still read, through its upcasters, into the state the
// committed expectation records; and no schema of a written version may change. UPDATE_EVENT_CORPUS=1
// records a new version's schema (never an existing one's) and the expected states.
const updating = process.env.UPDATE_EVENT_CORPUS === '1';
// The API checks formats with ajv-formats; TypeBox's own checker knows none until told.
FormatRegistry.Set(
  'date-time',
  (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
);
/** Types no command writes: they exist because every catalogue has them, and none can be in the corpus. */
const neverWritten = new Map([
  ['SettingsDeleted', 'the site settings are never deleted'],
  ['RetentionPolicyDeleted', 'the retention policy is never deleted, only set to keep'],
  ['LegalHoldUpdated', 'a legal hold is placed and released, never edited'],
]);
const streams = loadCorpusStreams();

type SchemaSnapshots = Record<string, Record<string, unknown>>;
const schemasFile = 'schemas.json';
const statesFile = 'expected-states.json';

/** A schema as JSON, its descriptions left out: they are documentation, free to improve. */
const schemaJson = (schema: TSchema): unknown =>
  JSON.parse(JSON.stringify(schema), (key, value) => (key === 'description' ? undefined : value));

const registeredVersions = Object.entries(portalEventVersions).flatMap(([type, { schemas }]) =>
  schemas.map((schema, index) => ({ type, version: index + 1, schema })),
);

/** A stream's aggregate, by its stream id's category (`ticket-12` → ticket), as its own module names it. */
const categoryOf = (streamId: string) => streamId.replace(/-\d+$/, '');
type Fold = { initial: unknown; evolve: (state: never, event: never) => unknown };
const aggregates = new Map<string, Fold>([
  [categoryOf(ticketStreamId(1)), { initial: initialTicketState, evolve: evolveTicket }],
  [categoryOf(userStreamId(1)), { initial: initialUserState, evolve: evolveUser }],
  ...portalCatalogues.map(
    (catalogue) =>
      [categoryOf(catalogue.streamId(1)), { initial: catalogue.initialState, evolve: catalogue.evolve }] as [
        string,
        Fold,
      ],
  ),
]);

const upcastStream = (stream: CorpusStream) =>
  stream.events.map((event) => ({
    type: event.type,
    data: upcastEventData(portalEventVersions, event.type, storedVersionOf(event.metadata), event.data),
  }));

function replayedStates(): Record<string, unknown> {
  return Object.fromEntries(
    streams.flatMap((stream) => {
      const fold = aggregates.get(categoryOf(stream.streamId));
      if (!fold) return [];
      const state = upcastStream(stream).reduce(
        (s, event) => fold.evolve(s as never, event as never),
        fold.initial,
      );
      return [[stream.streamId, state]];
    }),
  );
}

describe('the event corpus', () => {
  it('no schema of a version ever written has changed, and none is gone', () => {
    const file = path.join(corpusDirectory, schemasFile);
    const recorded: SchemaSnapshots = existsSync(file) ? readCorpusJson(schemasFile) : {};
    if (updating) {
      for (const { type, version, schema } of registeredVersions) {
        recorded[type] ??= {};
        recorded[type][version] ??= schemaJson(schema);
      }
      writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
    }
    for (const { type, version, schema } of registeredVersions) {
      expect(
        recorded[type]?.[version],
        `${type} version ${version} has no recorded schema: record it with UPDATE_EVENT_CORPUS=1`,
      ).toBeDefined();
      expect(
        schemaJson(schema),
        `${type} version ${version}'s schema changed: stored events are never edited, so a changed payload is a new version with an upcaster (events/event-versions.ts)`,
      ).toEqual(recorded[type]?.[version]);
    }
    for (const [type, versions] of Object.entries(recorded)) {
      for (const version of Object.keys(versions)) {
        expect(
          portalEventVersions[type]?.schemas.length ?? 0,
          `${type} version ${version} was written once and must stay readable`,
        ).toBeGreaterThanOrEqual(Number(version));
      }
    }
  });

  it('holds events of every type at every version', () => {
    const held = new Set(
      streams.flatMap((stream) => stream.events.map((e) => `${e.type} v${storedVersionOf(e.metadata)}`)),
    );
    const missing = registeredVersions
      .filter(({ type }) => !neverWritten.has(type))
      .map(({ type, version }) => `${type} v${version}`)
      .filter((typeVersion) => !held.has(typeVersion));
    expect(missing, 'capture them with tests/event-corpus/capture-corpus.ts').toEqual([]);
  });

  it('each event is valid at the version it was stored at, and at the current version once upcast', () => {
    for (const stream of streams) {
      const upcast = upcastStream(stream);
      stream.events.forEach((event, index) => {
        const versions = portalEventVersions[event.type];
        expect(versions, `${stream.streamId}: ${event.type} is no event type the portal knows`).toBeDefined();
        const stored = versions?.schemas[storedVersionOf(event.metadata) - 1];
        const current = versions?.schemas.at(-1);
        const where = `${stream.streamId} #${index + 1} ${event.type}`;
        expect(stored && Value.Check(stored, event.data), `${where} as stored`).toBe(true);
        expect(current && Value.Check(current, upcast[index]?.data), `${where} upcast`).toBe(true);
      });
    }
  });

  it('replays into the states recorded for it', () => {
    const states = replayedStates();
    if (updating)
      writeFileSync(path.join(corpusDirectory, statesFile), `${JSON.stringify(states, null, 2)}\n`);
    expect(states).toEqual(readCorpusJson(statesFile));
  });
});
