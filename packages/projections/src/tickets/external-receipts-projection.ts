import { isReportedToSoilFLO, type TicketEvent } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventByEvent, type Projection } from '../runner/projection';

/** The weighings that give a ticket its net weight: one of a received SoilFLO load changes its report. */
const weighings = [
  'TicketWeighed',
  'TicketWeighedOnDefaultTare',
  'TicketWeighedNet',
  'TicketSecondWeighed',
  'TicketTared',
] as const satisfies TicketEvent['type'][];
type Weighing = Extract<TicketEvent, { type: (typeof weighings)[number] }>;
const isWeighing = (event: TicketEvent): event is Weighing =>
  (weighings as readonly string[]).includes(event.type);

/**
 * A weighing after the receipt: SoilFLO must get the weight. A report not sent yet (or failed, to be
 * sent again) takes the new weight; one already sent is followed by a second report of the same receipt
 * with the new weight (its own idempotency key, so SoilFLO records it). A replayed weighing older than
 * the weight a report holds changes nothing.
 */
async function reweighed(trx: Transaction<Database>, event: RecordedEvent & Weighing) {
  const { ticketId, weight } = event.data;
  const latest = await trx
    .selectFrom('externalReceipts')
    .selectAll()
    .where('ticketId', '=', ticketId)
    .where('streamVersion', '<', event.streamVersion)
    .where('reset', '=', false)
    .orderBy('streamVersion', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return;
  if ((latest.weightVersion ?? latest.streamVersion) >= event.streamVersion) return;
  if (latest.state !== 'sent') {
    await trx
      .updateTable('externalReceipts')
      .set({ weight, weightVersion: event.streamVersion, updatedAt: new Date() })
      .where('id', '=', latest.id)
      .execute();
    return;
  }
  if (latest.weight !== null && Number(latest.weight) === weight) return;
  await insertReport(trx, event, { loadId: latest.loadId, receivedAt: latest.receivedAt, weight });
}

/** A pending report made by this event; replaying the event inserts nothing twice. */
async function insertReport(
  trx: Transaction<Database>,
  event: RecordedEvent & TicketEvent,
  report: { loadId: number | null; receivedAt: Date; weight: number | null },
) {
  await trx
    .insertInto('externalReceipts')
    .values({
      eventId: event.eventId,
      ticketId: event.data.ticketId,
      streamVersion: event.streamVersion,
      weightVersion: event.streamVersion,
      ...report,
    })
    .onConflict((oc) => oc.column('eventId').doNothing())
    .execute();
}

/**
 * The receipts to report back to SoilFLO, from the events: a receipt marked for a SoilFLO load
 * becomes a pending report, with the net weight the ticket had when received, in the same transaction
 * as the projection's checkpoint, so no crash loses it (an outbox); a later weighing reports the new
 * weight; a reset or a deletion withdraws the reports not yet sent. Sending is the queue's work.
 */
export const externalReceiptsProjection: Projection = {
  name: 'external-receipts',
  handles: [
    'TicketReceived',
    'TicketReceiptReset',
    'TicketDeleted',
    ...weighings,
  ] satisfies TicketEvent['type'][],
  // How the reports went is not in the events: a rebuild keeps it and gives it no event a second time.
  keptByRebuild: true,
  async reset() {},
  apply: eventByEvent(async (trx: Transaction<Database>, recorded: RecordedEvent) => {
    const event = recorded as unknown as RecordedEvent & TicketEvent;
    if (isWeighing(event)) {
      await reweighed(trx, event);
      return;
    }
    if (event.type === 'TicketReceived') {
      const { soilFLOLoadId, timeReceived, netWeight } = event.data;
      if (!isReportedToSoilFLO(event.data)) return;
      await insertReport(trx, event, {
        loadId: soilFLOLoadId ?? null,
        receivedAt: new Date(timeReceived),
        weight: netWeight ?? null,
      });
      return;
    }
    if (event.type !== 'TicketReceiptReset' && event.type !== 'TicketDeleted') return;
    const earlier = trx
      .updateTable('externalReceipts')
      .where('ticketId', '=', event.data.ticketId)
      .where('streamVersion', '<', event.streamVersion);
    await earlier
      .set({ state: 'withdrawn', updatedAt: new Date() })
      .where('state', 'in', ['pending', 'failed'])
      .execute();
    await earlier.set({ reset: true }).execute();
  }),
};
