import type { TicketHistoryEvent } from '@portal/contract';
import {
  evolveTicket,
  initialTicketState,
  type TicketEvent,
  type TicketState,
  ticketStreamId,
} from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import { ticketLogObject } from '@portal/projections';

const asRecord = (state: TicketState) => (state.status === 'active' ? ticketLogObject(state) : null);

/** The link nonce is an input of the public link's hash: history shows that it changed, not its value. */
function withoutHashNonce(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('hashNonce' in data)) return data;
  const { hashNonce: _hidden, ...shown } = data as Record<string, unknown>;
  return shown;
}

/** Replays a ticket's stream from the event store alone: every event in order and the state after it. */
export async function ticketHistory(eventStore: EventStore, ticketId: number): Promise<TicketHistoryEvent[]> {
  const events = await eventStore.readStream(ticketStreamId(ticketId));
  let state: TicketState = initialTicketState;
  return events.map((event) => {
    state = evolveTicket(state, event as unknown as TicketEvent);
    return {
      version: event.streamVersion,
      type: event.type,
      occurredAt: event.metadata.occurredAt,
      userId: event.metadata.userId,
      ...(typeof event.metadata.apiKeyId === 'string' ? { apiKeyId: event.metadata.apiKeyId } : {}),
      data: withoutHashNonce(event.data),
      state: asRecord(state),
    };
  });
}

/** Ticket ids with this number (one per prefix), found by scanning the event store's generation events. */
export async function ticketIdsByNumber(eventStore: EventStore, ticketNumber: number): Promise<number[]> {
  const ids: number[] = [];
  let after: Awaited<ReturnType<EventStore['headPosition']>> | undefined;
  for (;;) {
    const page = await eventStore.readAll({ after: after ?? undefined, maxCount: 5000 });
    for (const event of page) {
      const data = event.data as { ticketNumber?: number; ticketId?: number };
      if (event.type === 'TicketGenerated' && data.ticketNumber === ticketNumber && data.ticketId)
        ids.push(data.ticketId);
    }
    const last = page.at(-1);
    if (!last) return ids;
    after = last.position;
  }
}
