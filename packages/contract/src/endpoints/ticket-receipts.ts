// Receiving a load: receive, weigh, reject, reset, the SoilFLO load and its receipt, and the printed
// receiving record.
import { ExternalLoadSchema, Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { externalSystemResponses, SaveExternalTicketBodySchema } from '../external-loads';
import { IdParams, LooseRecord, maxId, okResponses } from '../http';
import { ReceivingRecordSchema } from '../records';
import { TicketEnvelope, TicketSchema } from '../tickets';
import { WeighTicketBodySchema } from '../weighing';
import { endpoint } from './endpoint';

export const ticketReceiptEndpoints = {
  putTicketReceive: endpoint({
    method: 'PUT',
    path: '/api/ticket/receive',
    access: 'user',
    keyScope: 'receive',
    tags: ['tickets'],
    summary:
      "Receives a ticket from the dashboard (time loaded cleared) or the ticket page (time loaded set if empty), with the Receive dialog's fields",
    body: Type.Object({
      ticketId: Type.Integer({ minimum: 1 }),
      source: Type.Optional(Type.Union([Type.Literal('dashboard'), Type.Literal('ticket')])),
      ticket: Type.Optional(LooseRecord),
    }),
    response: okResponses(TicketSchema),
  }),
  putTicketWeigh: endpoint({
    method: 'PUT',
    path: '/api/ticket/weigh',
    access: 'user',
    keyScope: 'weigh',
    tags: ['tickets'],
    summary: 'Weighs a truck in: sets material and net weight (scale weight − tare) and receives the ticket',
    description:
      "The spec's body `{ticketId, materialId, weight}` records `weight` as typed by hand. With `scaleId` (and no `manual: true`) the weight is that scale's current legal reading instead, and the ticket's event records the scale, the reading's raw frame and time. A truck with no fresh stored tare needs `tare` ('two-pass' or 'default') when weighed from a scale; 'two-pass' holds the weight as the ticket's firstWeight, and the ticket's next weighing completes gross (the heavier), tare (the lighter) and net, in either order, and receives it. `weighAs: 'net'` weighs the indicator's net reading with the tare it holds.",
    body: WeighTicketBodySchema,
    response: okResponses(TicketSchema),
  }),
  postTicketByIdFirstWeightDiscard: endpoint({
    method: 'POST',
    path: '/api/ticket/:id/first-weight/discard',
    access: 'user',
    tags: ['tickets'],
    summary: 'Lets go of the first weight a ticket holds (two-pass weighing), and answers the ticket',
    description:
      'For a truck that left without its second weighing: the ticket is weighed again from the start. 409 when the ticket holds no first weight; standard users cannot change a received ticket.',
    params: IdParams,
    response: okResponses(TicketSchema),
  }),
  putTicketReset: endpoint({
    method: 'PUT',
    path: '/api/ticket/reset',
    access: 'admin',
    tags: ['tickets'],
    body: TicketEnvelope,
    response: okResponses(TicketSchema),
    summary: "Resets a received ticket's receipt",
  }),
  postTicketReject: endpoint({
    method: 'POST',
    path: '/api/ticket/reject',
    access: 'admin',
    tags: ['tickets'],
    body: Type.Object({
      ticketId: Type.Integer({ minimum: 1 }),
      reason: Type.Optional(Nullable(Type.String())),
      loggedInUserId: Type.Optional(Type.Unknown()),
    }),
    response: okResponses(TicketSchema),
    summary: 'Rejects a load, with the reason the ticket keeps',
  }),
  getTicketLoadByTicketNumber: endpoint({
    method: 'GET',
    path: '/api/ticket/load/:ticketNumber',
    access: 'admin',
    tags: ['tickets'],
    summary: "SoilFLO's load for a ticket number: void and rogue loads ignored, the highest id of the rest",
    description:
      "404 'No SoilFLO load exists with BoL#: {n}' when there is none; 502 when SoilFLO fails or answers what is not a list of loads; 503 when SOILFLO_API_URL and SOILFLO_API_KEY are not set.",
    params: Type.Object({ ticketNumber: Type.Integer({ minimum: 0, maximum: maxId }) }),
    response: externalSystemResponses(ExternalLoadSchema),
  }),
  putTicketEditSoilflo: endpoint({
    method: 'PUT',
    path: '/api/ticket/edit/soilflo',
    access: 'admin',
    tags: ['tickets'],
    summary: 'Save, receive or un-receive a SoilFLO load from its SoilFLO data; or Override',
    description:
      '`isReceived: true` receives the ticket (time received now if empty, updateSoilFLO on unless `updateSoilFLO: false`, the receipt then reported back to SoilFLO by a queued job); `isReceived: false` on a received ticket un-receives it (time received cleared, updateSoilFLO off); otherwise a save. The ticket is filled from `soilFLOData` (the load GET /api/ticket/load/{n} gave) or, without it, from the load SoilFLO has now. `override: true` receives the ticket as a non-SoilFLO ticket, recorded as an override with its `overrideReason` (required: 400 without one), its time loaded left as it was (empty stays empty). The receipt of a SoilFLO load is reported with the net weight the ticket had when received; a later weighing reports it again with the new weight. A ticket that is not a SoilFLO load is a 409.',
    body: SaveExternalTicketBodySchema,
    response: externalSystemResponses(TicketSchema),
  }),
  getTicketByIdReceivingRecord: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/receiving-record',
    access: 'user',
    tags: ['tickets'],
    summary:
      "What the printed receiving record shows: the ticket, its truck's tare, the receiving site, the load's time loaded from its history and where its weight came from (MANUAL with the reason, or the scale)",
    params: IdParams,
    response: okResponses(ReceivingRecordSchema),
  }),
};
