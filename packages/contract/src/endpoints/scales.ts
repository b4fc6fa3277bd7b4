import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, errorResponses, IdParams, okResponses } from '../http';
import {
  BridgeKeySchema,
  BridgeReportAnswerSchema,
  BridgeReportSchema,
  LiveScaleSchema,
  RequestScaleCommandBodySchema,
  ScaleCommandSchema,
  ScaleSchema,
} from '../scale';
import { ScaleAlertSchema } from '../scale-alerts';
import { TicketSchema } from '../tickets';
import { TruckSchema } from '../transports';
import { TareWeightBodySchema } from '../weighing';
import { catalogueEndpoints } from './catalogue';
import { endpoint } from './endpoint';

const tags = ['scales'];
const expiresAfterSeconds = 10;
const logLength = 50;

const ScaleIdBody = Type.Object({ scaleId: Type.Optional(Type.Unknown()) });

export const scalesEndpoints = {
  postTruckTareWeight: endpoint({
    method: 'POST',
    path: '/api/truck/tare/weight',
    access: 'user',
    tags: ['trucks', 'scales'],
    summary: "Sets a truck's tare from the scale and, with a ticket, updates that ticket's weight",
    description:
      "The spec's body `{ticketId, scaleWeight, truckId}` records `scaleWeight` as typed by hand; with `scaleId` (and no `manual: true`) the tare is that scale's current stable reading. Answers the truck, the ticket (null without one) and the Scale page's message.",
    body: TareWeightBodySchema,
    response: okResponses(
      Type.Object({
        // The truck as GET /api/truck/{id} answers it, its new tare included.
        truck: TruckSchema,
        ticket: Nullable(TicketSchema),
        message: Type.String(),
      }),
    ),
  }),
  getScaleAlerts: endpoint({
    method: 'GET',
    path: '/api/scale/alerts',
    access: 'user',
    tags: ['scales'],
    summary: 'Scales disconnected or in error for longer than SCALE_ALERT_AFTER_MS, and those back lately',
    description:
      'The admin UI polls it to show each incident once as a toast, and once more when the scale is back (recoveredAt set; shown for 10 minutes after). Administrators are also e-mailed once per incident. A scale whose bridge has never reported raises none.',
    response: okResponses(Type.Array(ScaleAlertSchema)),
  }),
  getScaleAll: endpoint({
    method: 'GET',
    path: '/api/scale/all',
    access: 'user',
    tags,
    response: okResponses(Type.Array(ScaleSchema)),
    summary: 'Every scale',
  }),
  getScaleByIdKeys: endpoint({
    method: 'GET',
    path: '/api/scale/:id/keys',
    access: 'admin',
    tags,
    summary: "The scale's bridge keys (never the keys themselves): when issued, last used, revoked",
    params: IdParams,
    response: okResponses(Type.Array(BridgeKeySchema)),
  }),
  postScaleByIdKey: endpoint({
    method: 'POST',
    path: '/api/scale/:id/key',
    access: 'admin',
    tags,
    summary: 'Issues a bridge key for the scale',
    description:
      'The answer is the only time the key is shown: only its SHA-256 is stored. Configure the bridge with it (SCALE_BRIDGE_KEY); revoke it when the bridge is retired or the key leaks.',
    params: IdParams,
    response: {
      201: Type.Object({ key: Type.String(), bridgeKey: BridgeKeySchema }),
      ...errorResponses,
    },
  }),
  postScaleByIdKeyByKeyIdRevoke: endpoint({
    method: 'POST',
    path: '/api/scale/:id/key/:keyId/revoke',
    access: 'admin',
    tags,
    summary: 'Revokes one bridge key of the scale: its bridge is refused from the next report on',
    params: Type.Object({ id: IdParams.properties.id, keyId: Type.String({ format: 'uuid' }) }),
    response: { 204: Type.Null(), ...errorResponses },
  }),
  putScaleBridgeReport: endpoint({
    method: 'PUT',
    path: '/api/scale/bridge/report',
    access: 'scale-bridge',
    tags,
    summary: "The scale bridge's report: its status and latest reading, for the scale its key was issued for",
    description:
      "A bridge that sends `acceptsCommands: true` gets 200 with the scale's pending indicator commands (zero, tare, print; POST /api/scale/{id}/command), each handed out once, and says what it did with them in `commandResults` of a later report. A bridge that does not (one from before commands) gets 204 No Content, as it always has. A reading whose readAt lies more than 10 s from the portal's clock, or whose weight is not finite, above the scale's capacity (else the site's maximum weight) or below -2% of it as gross (-capacity as net), is a 400 and never the live weight. Rate limited: 20 wrong keys per 10 minutes from one address, then 429 for that address, right key or not.",
    body: BridgeReportSchema,
    response: { 200: BridgeReportAnswerSchema, 204: Type.Null(), ...errorResponses, 429: ErrorSchema },
  }),
  postScaleByIdCommand: endpoint({
    method: 'POST',
    path: '/api/scale/:id/command',
    access: 'user',
    tags,
    summary: "Asks the scale's indicator to zero, tare or print (the Scale page's buttons)",
    description: `Queues the command for the scale's bridge and answers 202 with it (status pending). The bridge takes it with its next report (at least once a second) and writes the indicator format's bytes for it; its next report says whether it sent them, has none for this command in the indicator's format (unsupported), or had no port open (port-closed). A command no bridge takes within ${expiresAfterSeconds} s expires. GET /api/scale/{id}/commands is the log.`,
    params: IdParams,
    body: RequestScaleCommandBodySchema,
    response: { 202: ScaleCommandSchema, ...errorResponses },
  }),
  getScaleByIdCommands: endpoint({
    method: 'GET',
    path: '/api/scale/:id/commands',
    access: 'user',
    tags,
    summary: `The scale's command log: its last ${logLength} indicator commands, newest first, with who asked and what became of each`,
    params: IdParams,
    response: okResponses(Type.Array(ScaleCommandSchema)),
  }),
  getScaleLive: endpoint({
    method: 'GET',
    path: '/api/scale/live',
    access: 'user',
    tags: ['scales'],
    summary: 'Every scale with its live weight and status, as GET /api/scale/{id} answers each',
    description:
      "The Scale page's lanes view polls it every second: one call for all of the site's scales, in the order of GET /api/scale/all.",
    response: okResponses(Type.Array(LiveScaleSchema)),
  }),
  postScaleWeighStart: endpoint({
    method: 'POST',
    path: '/api/scale/weigh/start',
    access: 'user',
    tags,
    summary: "Starts weighing on the scale (the Scale page's Start); answers the live scale",
    body: ScaleIdBody,
    response: okResponses(LiveScaleSchema),
  }),
  postScaleWeighStop: endpoint({
    method: 'POST',
    path: '/api/scale/weigh/stop',
    access: 'user',
    tags,
    summary: "Stops weighing on the scale (the Scale page's Stop); answers the live scale",
    body: ScaleIdBody,
    response: okResponses(LiveScaleSchema),
  }),
};

export const scaleCatalogue = catalogueEndpoints({
  tag: 'scales',
  noun: 'scale',
  paths: {
    read: '/api/scale/:id',
    create: '/api/scale/new',
    edit: '/api/scale/edit',
    remove: '/api/scale/:id',
  },
  response: ScaleSchema,
  details: {
    response: LiveScaleSchema,
    description:
      "The scale with its live weight in KG (currentWeight, null before the first reading), stable or in motion, its bridge's status and since when; the Scale page polls it every second while weighing. A bridge silent for 1.5 s makes the status 'disconnected'. notWeighableBecause says why a weigh-in or tare would refuse the reading now (PUT /api/ticket/weigh and POST /api/truck/tare/weight with scaleId answer 409 with that message).",
  },
});
