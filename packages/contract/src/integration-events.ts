import { type WebhookEventType, webhookEnvelopeVersion, webhookTypeOfEvent } from '@portal/domain';
import type { WebhookEnvelope } from './webhooks';

/**
 * The envelope other systems get for one of the portal's events (issue 33; docs/integrations.md): the same
 * for the event feed (GET /api/feed) and for webhooks, so a receiver can take either and deduplicate on
 * `eventId`. Its schema is `WebhookEnvelopeSchema` (one shape per subject: a ticket, a receipt's report, a
 * scale, a project), its types and which events they are `webhookEventTypes` and `webhookTypeOfEvent`; this
 * builds one.
 */

/** The published type of a stored event, or null when no integration is told of it. */
export const integrationTypeOf = (eventType: string): WebhookEventType | null =>
  (Object.hasOwn(webhookTypeOfEvent, eventType) && webhookTypeOfEvent[eventType]) || null;

/** What a published event is about: the record its envelope carries (a receipt's failure carries its ticket). */
export type EnvelopeSubject = { kind: 'ticket' | 'scale' | 'project'; id: number };

export function envelopeSubjectOf(event: { type: string; data: unknown }): EnvelopeSubject | null {
  const type = integrationTypeOf(event.type);
  if (type === null) return null;
  if (type === 'scale.down' || type === 'scale.up')
    return { kind: 'scale', id: (event.data as { scaleId: number }).scaleId };
  if (type === 'project.over_threshold') return { kind: 'project', id: (event.data as { id: number }).id };
  return { kind: 'ticket', id: (event.data as { ticketId: number }).ticketId };
}

/** The ids of the subjects of `kind` that these events' envelopes carry, each once. */
export const envelopeSubjectIds = (
  events: readonly { type: string; data: unknown }[],
  kind: EnvelopeSubject['kind'],
): number[] => [
  ...new Set(
    events.flatMap((event) => {
      const subject = envelopeSubjectOf(event);
      return subject?.kind === kind ? [subject.id] : [];
    }),
  ),
];

/**
 * An envelope whose ticket and project are the read models' (their instants Dates, which the route's schema
 * writes as strings).
 */
export type IntegrationEnvelope<Ticket, Project> = WebhookEnvelope extends infer Envelope
  ? Envelope extends { ticket: unknown }
    ? Omit<Envelope, 'ticket'> & { ticket: Ticket | null }
    : Envelope extends { project: unknown }
      ? Omit<Envelope, 'project'> & { project: Project | null }
      : Envelope
  : never;

/**
 * The envelope of one stored event, or null when its type is not published. `records` holds its subject
 * (`envelopeSubjectOf`) as the read models answer it, absent or null when it has been deleted.
 */
export function integrationEnvelopeOf<Ticket = never, Project = never>(
  event: { eventId: string; type: string; streamVersion: number; recordedAt: Date; data: unknown },
  records: { ticket?: Ticket | null; project?: Project | null },
): IntegrationEnvelope<Ticket, Project> | null {
  const type = integrationTypeOf(event.type);
  const subject = envelopeSubjectOf(event);
  if (type === null || subject === null) return null;
  const head = {
    version: webhookEnvelopeVersion,
    type,
    eventId: event.eventId,
    occurredAt: event.recordedAt.toISOString(),
  };
  const sequence = event.streamVersion;
  let envelope: object;
  if (subject.kind === 'scale') envelope = { ...head, scaleId: subject.id, sequence, data: event.data };
  else if (subject.kind === 'project')
    envelope = {
      ...head,
      projectId: subject.id,
      sequence,
      data: event.data,
      project: records.project ?? null,
    };
  else {
    // The link's hash nonce is a secret: it never leaves the portal.
    const { hashNonce: _secret, ...data } = event.data as { hashNonce?: unknown };
    envelope = { ...head, ticketId: subject.id, sequence, data, ticket: records.ticket ?? null };
  }
  return envelope as IntegrationEnvelope<Ticket, Project>;
}
