import type { TicketEvent } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventByEvent, type Projection } from '../runner/projection';

/**
 * The receipts to report back to SoilFLO, from the events: a receipt marked for a SoilFLO load
 * becomes a pending report in the same transaction as the projection's checkpoint, so no crash loses
 * it (an outbox); a reset or a deletion withdraws the reports not yet sent. Sending is the queue's work.
 */
export const externalReceiptsProjection: Projection = {
  name: 'external-receipts',
  handles: ['TicketReceived', 'TicketReceiptReset', 'TicketDeleted'] satisfies TicketEvent['type'][],
  // How the reports went is not in the events: a rebuild keeps it, and replaying inserts nothing twice.
  async reset() {},
  apply: eventByEvent(async (trx: Transaction<Database>, recorded: RecordedEvent) => {
    const event = recorded as unknown as RecordedEvent & TicketEvent;
    if (event.type === 'TicketReceived') {
      const { ticketId, soilFLOLoadId, timeReceived } = event.data;
      if (soilFLOLoadId === undefined) return;
      await trx
        .insertInto('externalReceipts')
        .values({
          eventId: event.eventId,
          ticketId,
          streamVersion: event.streamVersion,
          loadId: soilFLOLoadId,
          receivedAt: new Date(timeReceived),
        })
        .onConflict((oc) => oc.column('eventId').doNothing())
        .execute();
      return;
    }
    await trx
      .updateTable('externalReceipts')
      .set({ state: 'withdrawn', updatedAt: new Date() })
      .where('ticketId', '=', event.data.ticketId)
      .where('streamVersion', '<', event.streamVersion)
      .where('state', 'in', ['pending', 'failed'])
      .execute();
  }),
};
