import { type Catalogue, type CatalogueRecord, DomainError, nameTakenMessage } from '@portal/domain';
import { idsNamed, type NamedCatalogueTable, nameColumns } from '@portal/projections';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 34, D13: a create, or an edit that changes the name, is refused (409) when another record of the
 * catalogue already has that name ignoring case and surrounding spaces. It runs as a save's check, under
 * the reference-data lock on caught-up read models (as a licence plate's), so of two saves of one name
 * at once exactly one wins. No unique index: the read models are rebuilt from events that may hold
 * duplicates saved before this rule, and those stay as they are, editable and free to be renamed apart.
 */
export function uniqueNameRule<Name extends string, Data extends object>(
  app: FastifyInstance,
  catalogue: Catalogue<Name, Data>,
  table: NamedCatalogueTable,
): (record: CatalogueRecord<Data>) => Promise<void> {
  const field = nameColumns[table];
  return async (record) => {
    const name = String((record as Record<string, unknown>)[field] ?? '');
    const holders = await idsNamed(app.infra.db, table, name);
    // Free, or the record's own name (an old duplicate saved again keeps it, recased or not).
    if (holders.length === 0 || holders.includes(record.id)) return;
    const message = nameTakenMessage(catalogue.label, name);
    throw new DomainError('conflict', message, { [field]: message });
  };
}
