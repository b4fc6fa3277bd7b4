import { Nullable, OneOf } from '@portal/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { looseFields, okResponses } from './http';

/**
 * PUT /api/ticket/edit/soilflo: `{ticket fields, updateSoilFLO, soilFLOData, loggedInUserId}`, as the
 * product's client sends it (docs/soilflo.md, "The portal's API"). `isReceived` is where the receive toggle
 * goes (true receives, false resets the receipt, absent keeps it); `override` receives the ticket as a
 * non-SoilFLO one when SoilFLO has no load, for the `overrideReason` given.
 */
export const SaveExternalTicketBodySchema = Type.Object({
  ...looseFields('id', 'version', 'ticketNumber', 'date', 'loggedInUserId'),
  ...looseFields('soilFLOData'),
  isReceived: Type.Optional(Type.Boolean({ description: 'true receives, false resets the receipt' })),
  updateSoilFLO: Type.Optional(
    Type.Boolean({ description: 'On a receipt: report it back to SoilFLO (default true)' }),
  ),
  override: Type.Optional(
    Type.Boolean({ description: "Receive as a non-SoilFLO ticket (the 'Override?' of a missing load)" }),
  ),
  overrideReason: Type.Optional(
    Nullable(
      Type.String({
        description: 'With `override: true`, required: why the ticket is received without its SoilFLO load',
      }),
    ),
  ),
});

/** Where reporting a receipt back to SoilFLO stands (the queued job's state). */
export const ExternalReceiptStates = ['pending', 'sent', 'failed', 'withdrawn'] as const;
export type ExternalReceiptState = (typeof ExternalReceiptStates)[number];

const Instant = Type.String({ format: 'date-time' });

export const ExternalReceiptSchema = Type.Object({
  state: OneOf(ExternalReceiptStates),
  loadId: Nullable(
    Type.Integer({
      description:
        "The SoilFLO load the receipt is reported to; null until found by the ticket's number (a scale or bulk receipt)",
    }),
  ),
  weight: Nullable(
    Type.Number({ description: 'The net weight (KG) reported: null when the ticket was not weighed' }),
  ),
  receivedAt: Instant,
  attempts: Type.Integer({ description: 'Calls made to SoilFLO so far' }),
  reason: Nullable(Type.String({ description: 'Why the last attempt failed' })),
  sentAt: Nullable(Instant),
  updatedAt: Instant,
});

export type ExternalReceipt = Static<typeof ExternalReceiptSchema>;

/** A failure of the external system, or of its configuration: `code` tells which. */
export const ExternalSystemErrorSchema = Type.Object({
  message: Type.String(),
  code: Type.Union([
    Type.Literal('not_configured'),
    Type.Literal('unreachable'),
    Type.Literal('not_correct'),
  ]),
});

/** A route that calls SoilFLO: 502 when it failed or answered nonsense, 503 when it is not configured. */
export const externalSystemResponses = <S extends TSchema>(schema: S) =>
  ({
    ...okResponses(schema),
    502: ExternalSystemErrorSchema,
    503: ExternalSystemErrorSchema,
  }) as const;

export type SaveExternalTicketBody = Static<typeof SaveExternalTicketBodySchema>;
