import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schemas';

/**
 * Where a weight came from, kept in the ticket's event so an auditor sees it: which scale, whether
 * its reading was stable, the indicator's raw frame (hex), or that someone typed it by hand.
 */
export const WeighingSourceSchema = Type.Object({
  scaleId: Nullable(Type.Integer()),
  manual: Type.Boolean({ description: 'Typed by hand (confirmed in the Manually Set Scale Weight dialog)' }),
  stable: Nullable(Type.Boolean()),
  rawFrame: Nullable(Type.String()),
  readingAt: Nullable(Type.String({ format: 'date-time' })),
  /**
   * Why a weight was typed by hand, as the operator gave it; absent on weighings recorded before
   * reasons were asked and on readings from a scale. A manual weighing without one reads as
   * `noManualReasonGiven`.
   */
  manualReason: Type.Optional(Type.String()),
});
export type WeighingSource = Static<typeof WeighingSourceSchema>;

/** How a manual weighing recorded without a reason (the spec's own body) reads on every record. */
export const noManualReasonGiven = 'no reason given';

/** The longest reason a weight typed by hand may carry. */
export const manualReasonMaxLength = 200;

/**
 * A weight given with no scale reading behind it (the spec's client, or a hand-typed weight), with the
 * operator's reason when one was given (blank is none).
 */
export const manualWeighing = (scaleId: number | null, reason?: string | null): WeighingSource => {
  const manualReason = reason?.trim() ?? '';
  return {
    scaleId,
    manual: true,
    stable: null,
    rawFrame: null,
    readingAt: null,
    ...(manualReason === '' ? {} : { manualReason }),
  };
};

/** How a recorded weighing's provenance reads: "MANUAL: <reason>" when typed by hand, else the scale it came from. */
export const weighingProvenance = (
  source: WeighingSource,
  scaleName: (scaleId: number) => string,
): { manual: true; reason: string; scale: string | null } | { manual: false; scale: string | null } =>
  source.manual
    ? {
        manual: true,
        reason: source.manualReason ?? noManualReasonGiven,
        scale: source.scaleId === null ? null : scaleName(source.scaleId),
      }
    : { manual: false, scale: source.scaleId === null ? null : scaleName(source.scaleId) };
