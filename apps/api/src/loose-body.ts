import { DomainError, isStorableId, numberTooLargeMessage, optionalId } from '@portal/domain';

/** Readers of the loose JSON bodies the spec's calls send (an envelope's record, a chosen id). */

/** The version the client loaded, when it sent one. */
export const versionOf = (record: Record<string, unknown> | undefined): number | undefined =>
  typeof record?.version === 'number' ? record.version : undefined;

/** The record's id, or 0 (no record) when it has none or one no record can have (past int4). */
export const idOf = (record: Record<string, unknown> | undefined): number => {
  const id = optionalId(record?.id, 'id');
  return id !== null && isStorableId(id) ? id : 0;
};

/**
 * An id chosen in a loose body (a filter, a list's company): null when none is chosen; a 400 naming
 * the field when no record can have it (past int4), which PostgreSQL would refuse to look up.
 */
export function chosenId(value: unknown, field: string): number | null {
  const id = optionalId(value, field);
  if (id !== null && !isStorableId(id))
    throw new DomainError('validation', numberTooLargeMessage, { [field]: numberTooLargeMessage });
  return id;
}

/** A chosen id the call cannot do without: a 400 with `missing` on the field when none is chosen. */
export function requiredId(value: unknown, field: string, missing: string): number {
  const id = chosenId(value, field);
  if (id === null) throw new DomainError('validation', missing, { [field]: missing });
  return id;
}
