import { Nullable, OneOf, ScaleDataSchema } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

/** Units indicators send weights in (t: metric tonne; ton: short ton, 2,000 lb; long-ton: 2,240 lb). */
export const indicatorUnits = ['kg', 'lb', 't', 'ton', 'long-ton', 'g', 'oz'] as const;
export type IndicatorUnit = (typeof indicatorUnits)[number];

export const scaleStatuses = ['ok', 'motion', 'error', 'disconnected'] as const;
/** ok: a reading, not in motion; motion: in motion; error: the indicator reports a fault or frames fail; disconnected: no port. */
export type ScaleStatus = (typeof scaleStatuses)[number];

export const ScaleStatusSchema = OneOf(scaleStatuses);

/**
 * One reading from the scale bridge, converted to KG. The bridge posts it several times a
 * second; the API keeps the latest one per scale (live state, not an event).
 */
export const ScaleReadingSchema = Type.Object(
  {
    weightKg: Type.Number({ description: 'Displayed weight in KG (lb × 0.45359237, t × 1000)' }),
    mode: Type.Union([Type.Literal('gross'), Type.Literal('net')]),
    stable: Type.Boolean({
      description:
        'The indicator says stable (its motion flag is final); for a bridge set to SCALE_NO_MOTION_FLAG=on, or a format whose frames carry no motion flag (Rice Lake XG replies, a template without <S>), the weight held within one division',
    }),
    range: Type.Union([Type.Literal('ok'), Type.Literal('over'), Type.Literal('under')]),
    rawFrame: Type.String({ maxLength: 256, pattern: '^[0-9a-f]*$', description: 'The frame as hex' }),
    readAt: Type.String({
      format: 'date-time',
      description: "When the bridge read the frame (the bridge's clock)",
    }),
    unit: Type.Optional(
      OneOf(indicatorUnits, {
        description:
          'The unit the indicator sent the weight in (t: metric tonne, ton: short ton of 2,000 lb, long-ton: 2,240 lb); weightKg is converted from it',
      }),
    ),
    tareKg: Type.Optional(
      Type.Number({
        description:
          'The tare the indicator holds, in KG, when its frame carries one: with a net reading, what makes it weighable as net',
      }),
    ),
    divisionKg: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          "The scale's division in KG (the bridge's SCALE_DIVISION_KG): what zero and the minimum weight are measured in",
      }),
    ),
  },
  { $id: 'ScaleReading' },
);
export type ScaleReading = Static<typeof ScaleReadingSchema>;

/** What an operator can ask of the indicator from the Scale page, where its format has a command for it. */
export const indicatorCommands = ['zero', 'tare', 'print'] as const;
export type IndicatorCommand = (typeof indicatorCommands)[number];

/** What the bridge did with a command: wrote its bytes, has none for it (the format cannot say it), or had no port open. */
export const scaleCommandOutcomes = ['sent', 'unsupported', 'port-closed'] as const;
export type ScaleCommandOutcome = (typeof scaleCommandOutcomes)[number];

/** A command as the bridge receives it in the answer to its report. */
export const BridgeCommandSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), command: OneOf(indicatorCommands) },
  { $id: 'ScaleBridgeCommand' },
);
export type BridgeCommand = Static<typeof BridgeCommandSchema>;

/** The bridge's word on a command it received, sent with its next report. */
export const ScaleCommandResultSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  outcome: OneOf(scaleCommandOutcomes),
});
export type ScaleCommandResult = Static<typeof ScaleCommandResultSchema>;

/** What the bridge posts: its status (and since when) and, when it has one, the latest reading. */
export const BridgeReportSchema = Type.Object(
  {
    status: ScaleStatusSchema,
    statusSince: Type.String({ format: 'date-time' }),
    reading: Nullable(ScaleReadingSchema),
    bridgeId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'Names the bridge process (new at each start): two bridges reporting with one key show as two ids',
      }),
    ),
    sentAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          "The bridge's clock when it sent the report: with readAt, how old the frame is, whatever the two hosts' clocks say",
      }),
    ),
    acceptsCommands: Type.Optional(
      Type.Boolean({
        description:
          "true: the bridge takes indicator commands, and the portal answers 200 with the scale's pending ones; without it, 204 as to a bridge from before commands",
      }),
    ),
    commandResults: Type.Optional(
      Type.Array(ScaleCommandResultSchema, {
        maxItems: 100,
        description: 'What the bridge did with the commands it received since its last report taken',
      }),
    ),
  },
  { $id: 'ScaleBridgeReport' },
);
export type BridgeReport = Static<typeof BridgeReportSchema>;

/** The scale's weighing rules, as its record keeps them (defaults filled in). */
const { minimumWeightDivisions, returnToZeroRequired, capacityKg } = ScaleDataSchema.properties;
const ScaleRulesFields = { minimumWeightDivisions, returnToZeroRequired, capacityKg };

/** A scale as reference data (its id and name) with its weighing rules. */
export const ScaleSchema = Type.Object(
  {
    id: Type.Integer(),
    version: Type.Integer({ description: 'Send back on edit; a changed version is a 409' }),
    scaleName: Type.String(),
    ...ScaleRulesFields,
  },
  { $id: 'Scale' },
);
export type Scale = Static<typeof ScaleSchema>;

/** GET /api/scale/{id}: the scale with its live weight (spec: currentWeight), polled every second while weighing. */
export const LiveScaleSchema = Type.Object(
  {
    id: Type.Integer(),
    version: Type.Integer(),
    scaleName: Type.String(),
    ...ScaleRulesFields,
    currentWeight: Nullable(Type.Number({ description: 'KG; null before the first reading' })),
    unit: Type.Literal('KG'),
    indicatorUnit: Nullable(
      OneOf(indicatorUnits, {
        description: 'The unit the indicator sent the reading in (currentWeight is KG)',
      }),
    ),
    indicatorTareKg: Nullable(
      Type.Number({ description: 'The tare the indicator holds, in KG, when its frame carries one' }),
    ),
    divisionKg: Nullable(
      Type.Number({ description: "The scale's division in KG, as its bridge reports it" }),
    ),
    stable: Type.Boolean(),
    mode: Nullable(Type.Union([Type.Literal('gross'), Type.Literal('net')])),
    range: Nullable(Type.Union([Type.Literal('ok'), Type.Literal('over'), Type.Literal('under')])),
    status: ScaleStatusSchema,
    statusSince: Nullable(Type.String({ format: 'date-time' })),
    readingAt: Nullable(Type.String({ format: 'date-time' })),
    readingAgeMs: Nullable(
      Type.Integer({ description: "How old the indicator's frame is now, in ms (null without a reading)" }),
    ),
    twoBridgesSince: Nullable(
      Type.String({
        format: 'date-time',
        description:
          "Two bridge processes report with this scale's key (seen within the last 10 s), since when; null when one does",
      }),
    ),
    refusedReport: Nullable(
      Type.Object(
        {
          at: Type.String({ format: 'date-time' }),
          message: Type.String({ description: 'Why it was refused, as the bridge was told (400)' }),
        },
        {
          description:
            "The bridge's last report refused within the last 60 s (its reading off the portal's clock or off the scale), never shown as the live weight; null when none",
        },
      ),
    ),
    zeroedSinceWeighing: Type.Boolean({
      description:
        'The scale has read zero (within half a division) since the last weigh-in or tare taken from it: the previous truck has left the deck',
    }),
    notWeighableBecause: Nullable(
      Type.String({
        description:
          'Why a weigh-in or tare would refuse the live reading now (no reading, two bridges reporting with one key, over or under range, net mode, in motion, too old, no return to zero since the last truck, below the minimum weight), or null when it may be weighed',
      }),
    ),
    notWeighableAsNetBecause: Nullable(
      Type.String({
        description:
          "Why a weigh-in with weighAs 'net' would refuse the live reading now (as notWeighableBecause, but a net reading with the tare its frame carries is weighable and a gross one is not), or null when it may",
      }),
    ),
    weighing: Type.Boolean({
      description: 'Someone started weighing (POST /api/scale/weigh/start) and has not stopped',
    }),
    weighingSince: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'LiveScale' },
);
export type LiveScale = Static<typeof LiveScaleSchema>;

export const BridgeKeySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    scaleId: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    createdByUserId: Nullable(Type.Integer()),
    lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ScaleBridgeKey' },
);
export type BridgeKey = Static<typeof BridgeKeySchema>;

/** The answer to a report that says `acceptsCommands`: the commands to write to the indicator, oldest first. */
export const BridgeReportAnswerSchema = Type.Object(
  { commands: Type.Array(BridgeCommandSchema) },
  { $id: 'ScaleBridgeReportAnswer' },
);
export type BridgeReportAnswer = Static<typeof BridgeReportAnswerSchema>;

/** POST /api/scale/{id}/command: zero, tare or print on the scale's indicator (the Scale page's buttons). */
export const RequestScaleCommandBodySchema = Type.Object({ command: OneOf(indicatorCommands) });
export type RequestScaleCommandBody = Static<typeof RequestScaleCommandBodySchema>;

/**
 * Where a command stands: pending (queued, not yet taken by the bridge), delivered (taken, no answer
 * yet), an outcome from the bridge, or expired (no bridge took it in time).
 */
export const scaleCommandStatuses = ['pending', 'delivered', ...scaleCommandOutcomes, 'expired'] as const;
export type ScaleCommandStatus = (typeof scaleCommandStatuses)[number];

/** One command in the scale's log: who asked, when, and what became of it. */
export const ScaleCommandSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    scaleId: Type.Integer(),
    command: OneOf(indicatorCommands),
    requestedAt: Type.String({ format: 'date-time' }),
    requestedByUserId: Type.Integer(),
    requestedByName: Type.String({ description: "The user's name when they asked" }),
    status: OneOf(scaleCommandStatuses),
    deliveredAt: Nullable(Type.String({ format: 'date-time', description: 'When the bridge took it' })),
    answeredAt: Nullable(
      Type.String({ format: 'date-time', description: 'When the bridge said what it did' }),
    ),
  },
  { $id: 'ScaleCommand' },
);
export type ScaleCommand = Static<typeof ScaleCommandSchema>;
