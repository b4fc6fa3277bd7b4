import {
  apiKeyMessages,
  envelopeSubjectOf,
  integrationEnvelopeOf,
  integrationTypeOf,
} from '@portal/contract';
import { DomainError, type WebhookEventType, webhookEventTypes, webhookMessages } from '@portal/domain';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '@portal/event-store';
import {
  envelopeRecordsFor,
  envelopeRecordsOf,
  type ProjectView,
  type TicketView,
} from '@portal/projections';
import type { Infrastructure } from '../plugins/infrastructure';

/**
 * The event feed (docs/integrations.md, "The event feed"): published events in the log's global order,
 * read with the event store's own global reader, which never passes an event whose transaction is still
 * open (positions are allocated before commit, so a cursor on them alone could step over one that
 * commits late). The feed also stops at the tickets projection's checkpoint, so each envelope's ticket
 * already shows its event; a page that finds nothing new answers the cursor it was given.
 */

/** The cursor is the last position a page looked at, opaque to clients: `v1.<commit>.<prepare>` in base64url. */
const encodeCursor = (position: GlobalPosition): string =>
  Buffer.from(`v1.${position.commit}.${position.prepare}`).toString('base64url');

const cursorPattern = /^v1\.(0|[1-9][0-9]{0,19})\.(0|[1-9][0-9]{0,19})$/;

function decodeCursor(cursor: string): GlobalPosition {
  const match = cursorPattern.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || encodeCursor({ commit: BigInt(match[1] ?? ''), prepare: BigInt(match[2] ?? '') }) !== cursor)
    throw new DomainError('validation', apiKeyMessages.invalidCursor, {
      after: apiKeyMessages.invalidCursor,
    });
  return { commit: BigInt(match[1] ?? ''), prepare: BigInt(match[2] ?? '') };
}

/** Before every event: where a client that sends no cursor starts. */
const beginning: GlobalPosition = { commit: 0n, prepare: 0n };

/** Events one page may look at before it answers (a narrow `types` over a long log still answers soon). */
const maxScannedPerPage = 20_000;

async function ticketsCheckpoint(infra: Infrastructure): Promise<GlobalPosition | null> {
  const row = await infra.db
    .selectFrom('projectionCheckpoint')
    .select(['commitPosition', 'preparePosition'])
    .where('name', '=', 'tickets')
    .executeTakeFirst();
  return row ? { commit: BigInt(row.commitPosition), prepare: BigInt(row.preparePosition) } : null;
}

const isPublishedType = (name: string): name is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(name);

function parseTypes(types: string | undefined): Set<WebhookEventType> | null {
  if (types === undefined || types.trim() === '') return null;
  const wanted = new Set<WebhookEventType>();
  for (const name of types.split(',').map((type) => type.trim())) {
    if (!isPublishedType(name)) {
      const message = webhookMessages.eventTypeUnknown(name);
      throw new DomainError('validation', message, { types: message });
    }
    wanted.add(name);
  }
  return wanted;
}

export async function feedPage(
  infra: Infrastructure,
  query: { after?: string; types?: string; limit: number },
) {
  let cursor = query.after === undefined ? beginning : decodeCursor(query.after);
  const wanted = parseTypes(query.types);
  const reached = await ticketsCheckpoint(infra);
  const published: RecordedEvent[] = [];
  let scanned = 0;
  reading: while (reached && published.length < query.limit && scanned < maxScannedPerPage) {
    const batch = await infra.eventStore.readAll({ after: cursor, maxCount: 1000 });
    for (const event of batch) {
      if (comparePositions(event.position, reached) > 0) break reading;
      cursor = event.position;
      scanned++;
      const type = integrationTypeOf(event.type);
      if (type && (!wanted || wanted.has(type))) published.push(event);
      if (published.length === query.limit) break reading;
    }
    if (batch.length < 1000) break;
  }
  const records = await envelopeRecordsOf(infra.db, published);
  return {
    events: published.flatMap(
      (event) =>
        integrationEnvelopeOf<TicketView, ProjectView>(
          event,
          envelopeRecordsFor(records, envelopeSubjectOf(event)),
        ) ?? [],
    ),
    next: encodeCursor(cursor),
  };
}
