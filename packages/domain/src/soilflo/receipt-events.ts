import { Type } from '@sinclair/typebox';
import { type EventOf, Nullable } from '../schemas';

/**
 * A receipt reported back to SoilFLO (a row of the external receipts read model, whose ids a rebuild keeps)
 * has a stream of its own for how its reports ended: one event per round that failed (a round is the first
 * try, then each "Send again"), appended at the stream's version the relay read, so once.
 */
export const soilFLOReceiptStreamId = (receiptId: string): string => `soilflo-receipt-${receiptId}`;

export const SoilFLOReceiptEventSchemas = {
  /** The report of a ticket's receipt ended failed: attempts exhausted, refused by SoilFLO, or no SoilFLO configured. */
  SoilFLOReceiptFailed: Type.Object({
    receiptId: Type.String(),
    ticketId: Type.Integer(),
    /** 1 for the first try, 2 after the first "Send again", … */
    round: Type.Integer(),
    /** The SoilFLO load it was reported to; null when none was found. */
    loadId: Nullable(Type.Integer()),
    attempts: Type.Integer(),
    reason: Type.String(),
  }),
};
export type SoilFLOReceiptEvent = EventOf<typeof SoilFLOReceiptEventSchemas>;
