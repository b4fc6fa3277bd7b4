/**
 * Sealed redaction (docs/event-store.md, "Redaction"): an event's personal data may be replaced after its
 * retention period, and the chain still verifies, because a later event of the same stream vouches for it.
 * The voucher names the version, the content hash the chain was built on (kept in `content_hash`) and the
 * content hash of what the event holds now; the voucher is chained and sealed like any other event.
 */

/** The event type whose data vouches for redactions of earlier events of its stream. */
export const redactionEventType = 'PersonalDataRedacted';

export interface RedactionVoucher {
  /** The redacted event's version in the voucher's stream. */
  version: number;
  /** Hex SHA-256: the content hash the event was chained with, before its redaction. */
  originalContentHash: string;
  /** Hex SHA-256: the content hash of the event as it is stored after its redaction. */
  redactedContentHash: string;
}

/** The vouchers an event carries: those of a redaction event, none for any other. */
export function vouchersOf(event: { type: string; data: unknown }): RedactionVoucher[] {
  if (event.type !== redactionEventType) return [];
  const { redactedEvents } = (event.data ?? {}) as { redactedEvents?: unknown };
  return Array.isArray(redactedEvents) ? (redactedEvents as RedactionVoucher[]) : [];
}
