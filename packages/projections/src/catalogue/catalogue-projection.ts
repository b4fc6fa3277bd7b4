import type { Catalogue, CatalogueRecord } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventByEvent, type Projection } from '../runner/projection';

/** Tables whose rows are one catalogue record each: `id` key plus the aggregate's `version`. */
export type CatalogueTable = {
  [T in keyof Database]: Database[T] extends { id: number; version: number } ? T : never;
}[keyof Database];

/**
 * Projects a catalogue aggregate into its table: insert on create, replace on update, delete on
 * delete. `toRow` maps the record onto the table's columns; without it, they are the record's fields.
 */
export function catalogueProjection<Name extends string, Data extends object>(options: {
  catalogue: Catalogue<Name, Data>;
  table: CatalogueTable;
  toRow?(record: CatalogueRecord<Data>): Record<string, unknown>;
  /** Extra work after each of the catalogue's events, in the same transaction (e.g. a change log). */
  after?(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
  /** Tables that `after` writes: a rebuild empties them with the catalogue's own, or it would write them twice. */
  afterWrites?: (keyof Database)[];
  /** Other event types that change the same table (kept in one projection, so order holds). */
  alsoHandles?: Record<string, (trx: Transaction<Database>, event: RecordedEvent) => Promise<void>>;
}): Projection {
  const { catalogue, table, toRow = (record: CatalogueRecord<Data>) => ({ ...record }) } = options;
  const { created, updated, deleted } = catalogue.eventTypes;
  // Kysely cannot type a table chosen at run time; the row shape is checked by each caller's toRow.
  const rows = (trx: Transaction<Database>) =>
    trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  return {
    name: table,
    handles: [created, updated, deleted, ...catalogue.noticeTypes, ...Object.keys(options.alsoHandles ?? {})],
    async reset(trx) {
      for (const written of options.afterWrites ?? []) await trx.deleteFrom(written).execute();
      await trx.deleteFrom(table).execute();
    },
    apply: eventByEvent(async (trx, event) => {
      const extra = options.alsoHandles?.[event.type];
      if (extra) return extra(trx, event);
      const version = event.streamVersion;
      // A notice changes no field; the row's version follows the stream, which a save expects.
      if (catalogue.noticeTypes.includes(event.type)) {
        await rows(trx)
          .updateTable(table)
          .set({ version })
          .where('id', '=', (event.data as { id: number }).id)
          .execute();
        return;
      }
      if (event.type === created) {
        const row = { ...toRow(event.data as CatalogueRecord<Data>), version };
        await rows(trx).insertInto(table).values(row).execute();
      } else if (event.type === updated) {
        const { id, ...row }: Record<string, unknown> = {
          ...toRow(event.data as CatalogueRecord<Data>),
          version,
        };
        await rows(trx).updateTable(table).set(row).where('id', '=', id).execute();
      } else if (event.type === deleted) {
        await rows(trx)
          .deleteFrom(table)
          .where('id', '=', (event.data as { id: number }).id)
          .execute();
      }
      await options.after?.(trx, event);
    }),
  };
}

/** A catalogue of records that are only their name (companies, materials): its table holds the id and the name. */
export const namedRecordProjection = <Name extends string>(
  catalogue: Catalogue<Name, { name: string }>,
  table: CatalogueTable,
): Projection => catalogueProjection({ catalogue, table, toRow: ({ id, name }) => ({ id, name }) });
