import type { Catalogue, CatalogueRecord } from '@portal/domain';
import type { CommandHost } from '../plugins/infrastructure';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { handleCommand } from '../write-side/command-handler';
import { type IdKind, nextId } from '../write-side/next-id';

/**
 * Reference data is written one command at a time (an administrator's pace), so rules that span
 * records — a licence plate on one truck only, no delete while something still refers — read
 * caught-up read models and cannot race.
 */
const REFERENCE_DATA_LOCK = 'reference-data';

export async function underReferenceDataLock<T>(app: CommandHost, work: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(app.infra.pool, REFERENCE_DATA_LOCK, async () => {
    const head = await app.infra.eventStore.headPosition();
    if (head) await app.commands.waitForProjections(head);
    return work();
  });
}

interface SaveOptions<Data> {
  actorId: number;
  /** The version the client loaded (edit forms send it back); a different one is a 409. */
  expectedVersion?: number;
  /** Set-wide checks against the read models (e.g. unique licence plate); throw a DomainError to refuse. */
  check?(record: CatalogueRecord<Data>): Promise<void>;
}

export async function createRecord<Name extends string, Data extends object>(
  app: CommandHost,
  catalogue: Catalogue<Name, Data>,
  /** A sequence for a new id, or the fixed id of a single record (settings). */
  id: IdKind | number,
  data: Data,
  options: SaveOptions<Data>,
): Promise<number> {
  return underReferenceDataLock(app, async () => {
    const newId = typeof id === 'number' ? id : await nextId(app.infra.pool, id);
    const record = { ...data, id: newId } as CatalogueRecord<Data>;
    await options.check?.(record);
    await handleCommand(
      app.commands,
      { ...catalogue, streamId: catalogue.streamId(record.id) },
      { type: 'Create', record },
      options,
    );
    return record.id;
  });
}

export async function updateRecord<Name extends string, Data extends object>(
  app: CommandHost,
  catalogue: Catalogue<Name, Data>,
  id: number,
  data: Data,
  options: SaveOptions<Data>,
): Promise<number> {
  return underReferenceDataLock(app, async () => {
    const record = { ...data, id } as CatalogueRecord<Data>;
    await options.check?.(record);
    await handleCommand(
      app.commands,
      { ...catalogue, streamId: catalogue.streamId(id) },
      { type: 'Update', record },
      options,
    );
    return id;
  });
}

export async function deleteRecord<Name extends string, Data extends object>(
  app: CommandHost,
  catalogue: Catalogue<Name, Data>,
  id: number,
  options: { actorId: number; referencedBy(id: number): Promise<string[]> },
): Promise<void> {
  await underReferenceDataLock(app, async () => {
    const referencedBy = await options.referencedBy(id);
    await handleCommand(
      app.commands,
      { ...catalogue, streamId: catalogue.streamId(id) },
      { type: 'Delete', id, referencedBy },
      { actorId: options.actorId },
    );
  });
}
