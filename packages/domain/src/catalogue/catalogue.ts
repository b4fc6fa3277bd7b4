import { type Static, type TObject, Type } from '@sinclair/typebox';
import { DomainError } from '../errors';
import type { OlderEventVersions } from '../events/event-versions';
import type { PersonalDataRedacted } from '../retention/personal-data-redacted';
import { sameData } from '../same-data';

/**
 * Reference data (companies, contacts, trucks, materials, …) is kept as whole records: each
 * aggregate is created, replaced by an edited record, or deleted. This kit gives every such
 * aggregate the same pure decider; each folder keeps its own record type, validation and rules.
 */
export type CatalogueRecord<Data> = Data & { id: number };

export type CatalogueEvent<Name extends string, Data> =
  | { type: `${Name}Created`; data: CatalogueRecord<Data> }
  | { type: `${Name}Updated`; data: CatalogueRecord<Data> }
  | { type: `${Name}Deleted`; data: { id: number } }
  /** Retention removed a deleted record's personal data from the events before it: still deleted. */
  | PersonalDataRedacted;

export type CatalogueState<Data> =
  | { status: 'absent' }
  | { status: 'active'; record: CatalogueRecord<Data> }
  | { status: 'deleted'; id: number };

export type CatalogueCommand<Data> =
  | { type: 'Create'; record: CatalogueRecord<Data> }
  | { type: 'Update'; record: CatalogueRecord<Data> }
  /** `referencedBy` lists what still refers to the record ("2 trucks"), looked up by the handler. */
  | { type: 'Delete'; id: number; referencedBy: string[] };

export interface Catalogue<Name extends string, Data> {
  name: Name;
  /** The current event schemas, keyed by event type (as the users' and tickets' are), its notices' too. */
  eventSchemas: Record<`${Name}Created` | `${Name}Updated` | `${Name}Deleted`, TObject>;
  /** Its notices' event types (see `CatalogueNotices`): they change no record. */
  noticeTypes: readonly string[];
  /** The versions of its events before the current ones, with their upcasters (see event-versions.ts). */
  olderEventVersions: OlderEventVersions;
  /** Human name used in messages: 'Contractor company'. */
  label: string;
  streamId(id: number): string;
  eventTypes: { created: `${Name}Created`; updated: `${Name}Updated`; deleted: `${Name}Deleted` };
  initialState: CatalogueState<Data>;
  evolve(state: CatalogueState<Data>, event: CatalogueEvent<Name, Data>): CatalogueState<Data>;
  decide(command: CatalogueCommand<Data>, state: CatalogueState<Data>): CatalogueEvent<Name, Data>[];
  notFoundMessage: string;
}

/**
 * Events a save appends after the record's own when it makes something true that others are told of (a
 * project going over its threshold): facts of the record's stream that change no record, each with the
 * record's `id`. `of` says which, from the record's state before the save and the record saved.
 */
export interface CatalogueNotices<Data> {
  schemas: Record<string, TObject>;
  of(before: CatalogueState<Data>, saved: CatalogueRecord<Data>): { type: string; data: { id: number } }[];
}

export const inUseMessage = (label: string, referencedBy: string[]): string =>
  `This ${label.toLowerCase()} is still used by ${referencedBy.join(' and ')}. Remove or move them first.`;

/** A record's created and updated events carry the record with its id. */
export const recordWithIdSchema = (record: TObject) =>
  Type.Composite([Type.Object({ id: Type.Integer() }), record]);

/** 'ContractorContact' -> ['Contractor', 'Contact']. */
const wordsOf = (name: string) => name.match(/[A-Z][a-z]*/g) ?? [name];

/**
 * A catalogue of records of the `record` schema, its events and decider. Its streams are named by its
 * name in kebab case ('ContractorContact' -> 'contractor-contact-7'), its messages by the name in words
 * ('Contractor contact not found.') unless `label` says otherwise.
 */
export function defineCatalogue<Name extends string, RecordSchema extends TObject>(
  name: Name,
  record: RecordSchema,
  options: {
    label?: string;
    /** Its events' older versions: the record schema each was written with, and how it reads today. */
    olderEventVersions?: OlderEventVersions;
    notices?: CatalogueNotices<Static<RecordSchema>>;
  } = {},
): Catalogue<Name, Static<RecordSchema>> {
  type Data = Static<RecordSchema>;
  const eventTypes = {
    created: `${name}Created`,
    updated: `${name}Updated`,
    deleted: `${name}Deleted`,
  } as const;
  const words = wordsOf(name);
  const streamPrefix = words.join('-').toLowerCase();
  const label = options.label ?? words.map((word, index) => (index ? word.toLowerCase() : word)).join(' ');
  const recordWithId = recordWithIdSchema(record);
  const notFoundMessage = `${label} not found.`;
  type Event = CatalogueEvent<Name, Data>;
  const noticeTypes = Object.keys(options.notices?.schemas ?? {});
  const noticesOf = (before: CatalogueState<Data>, saved: CatalogueRecord<Data>) =>
    (options.notices?.of(before, saved) ?? []) as unknown as Event[];

  return {
    name,
    eventSchemas: {
      [eventTypes.created]: recordWithId,
      [eventTypes.updated]: recordWithId,
      [eventTypes.deleted]: Type.Object({ id: Type.Integer() }),
      ...options.notices?.schemas,
    } as unknown as Catalogue<Name, Data>['eventSchemas'],
    noticeTypes,
    olderEventVersions: options.olderEventVersions ?? {},
    label,
    streamId: (id) => `${streamPrefix}-${id}`,
    eventTypes,
    notFoundMessage,
    initialState: { status: 'absent' },
    evolve(state, event) {
      if (noticeTypes.includes(event.type)) return state;
      switch (event.type) {
        case eventTypes.created:
        case eventTypes.updated:
          return { status: 'active', record: event.data as CatalogueRecord<Data> };
        case eventTypes.deleted:
          return { status: 'deleted', id: (event.data as { id: number }).id };
        case 'PersonalDataRedacted':
          return state;
        default:
          // A generic name's event types do not narrow to never; an unknown one is a programming error.
          throw new Error(`${name} has no event ${(event as { type: string }).type}`);
      }
    },
    decide(command, state) {
      switch (command.type) {
        case 'Create':
          if (state.status !== 'absent') throw new DomainError('conflict', `${label} already exists.`);
          return [
            { type: eventTypes.created, data: command.record } as Event,
            ...noticesOf(state, command.record),
          ];
        case 'Update':
          if (state.status !== 'active') throw new DomainError('not_found', notFoundMessage);
          if (sameData(state.record, command.record)) return [];
          return [
            { type: eventTypes.updated, data: command.record } as Event,
            ...noticesOf(state, command.record),
          ];
        case 'Delete':
          if (state.status !== 'active') throw new DomainError('not_found', notFoundMessage);
          if (command.referencedBy.length > 0) {
            throw new DomainError('conflict', inUseMessage(label, command.referencedBy));
          }
          return [{ type: eventTypes.deleted, data: { id: command.id } } as Event];
        default: {
          const unknownCommand: never = command;
          return unknownCommand;
        }
      }
    },
  };
}

/** "1 truck", "2 trucks": for in-use messages. */
export const countOf = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count} ${count === 1 ? singular : plural}`;
