import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

export const scaleStatuses = ['ok', 'motion', 'error', 'disconnected'] as const;
/** ok: a reading, not in motion; motion: in motion; error: the indicator reports a fault or frames fail; disconnected: no port. */
export type ScaleStatus = (typeof scaleStatuses)[number];

export const ScaleStatusSchema = Type.Union(scaleStatuses.map((status) => Type.Literal(status)));

/**
 * One reading from the scale bridge, converted to KG. The bridge posts it several times a
 * second; the API keeps the latest one per scale (live state, not an event).
 */
export const ScaleReadingSchema = Type.Object(
  {
    weightKg: Type.Number({ description: 'Displayed weight in KG (lb × 0.45359237, t × 1000)' }),
    mode: Type.Union([Type.Literal('gross'), Type.Literal('net')]),
    stable: Type.Boolean({
      description: 'The indicator says stable, or the weight held within one division',
    }),
    range: Type.Union([Type.Literal('ok'), Type.Literal('over'), Type.Literal('under')]),
    rawFrame: Type.String({ maxLength: 256, pattern: '^[0-9a-f]*$', description: 'The frame as hex' }),
    readAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ScaleReading' },
);
export type ScaleReading = Static<typeof ScaleReadingSchema>;

/** What the bridge posts: its status (and since when) and, when it has one, the latest reading. */
export const BridgeReportSchema = Type.Object(
  {
    status: ScaleStatusSchema,
    statusSince: Type.String({ format: 'date-time' }),
    reading: Nullable(ScaleReadingSchema),
  },
  { $id: 'ScaleBridgeReport' },
);
export type BridgeReport = Static<typeof BridgeReportSchema>;
