import {
  DomainError,
  manualWeighing,
  optionalNumber,
  scaleMessages,
  ticketFormMessages,
  type WeighAs,
  type WeighingSource,
  weightLimitKg,
  weightOutOfBounds,
} from '@portal/domain';
import { getSettings } from '@portal/projections';
import { chosenId } from '../loose-body';
import type { CommandHost } from '../plugins/infrastructure';
import { findLiveScale, loadLiveScale } from './live-scale-view';

/**
 * The weight of a weigh-in or tare and where it came from. With a scale and no `manual` flag, the
 * weight is the scale's current reading, which must be legal (see notWeighableBecause: stable, in
 * range, gross and fresh, by the indicator's own word), else a 409: what the client displayed a
 * moment ago is not trusted over what the bridge reports. Otherwise (the spec's own client, or a
 * weight set by hand) it is the body's number, recorded as manual.
 */
/** A weight to record, where it came from, and whether recording it takes the scale's return to zero. */
interface Weighing {
  /** The indicator's weight: its net reading when weighed as net, else the gross. */
  weight: number;
  /** Weighed as net: the tare the indicator held; null otherwise. */
  indicatorTareKg: number | null;
  source: WeighingSource;
  takesZero: boolean;
}

export async function weighingOf(
  app: CommandHost,
  body: { scaleId?: unknown; manual?: unknown; displayedWeight?: unknown; manualReason?: string },
  typed: { value: unknown; field: string },
  weighAs: WeighAs = 'gross',
): Promise<Weighing> {
  const scaleId = chosenId(body.scaleId, 'scaleId');
  if (scaleId === null || body.manual === true) {
    const scale = scaleId === null ? null : await findLiveScale(app, scaleId);
    const { maximumWeightKg } = await getSettings(app.infra.db);
    const limitKg = weightLimitKg(scale?.capacityKg, maximumWeightKg);
    const weight = typedWeight(typed.value, typed.field, limitKg);
    return {
      weight,
      indicatorTareKg: null,
      source: manualWeighing(scaleId, body.manualReason),
      takesZero: false,
    };
  }
  const { view: scale, stored } = await loadLiveScale(app, scaleId);
  // Only a legal reading is weighed: nothing is written, and the operator is told why.
  const refusal = weighAs === 'gross' ? scale.notWeighableBecause : scale.notWeighableAsNetBecause;
  if (refusal !== null || scale.currentWeight === null)
    throw new DomainError('conflict', refusal ?? scaleMessages.noReading, {
      scaleId: refusal ?? scaleMessages.noReading,
    });
  // The operator confirmed what the screen showed: a reading that has moved on since is not theirs.
  if (typeof body.displayedWeight === 'number' && body.displayedWeight !== scale.currentWeight)
    throw new DomainError('conflict', scaleMessages.weightChanged, { scaleId: scaleMessages.weightChanged });
  return {
    weight: scale.currentWeight,
    indicatorTareKg: weighAs === 'net' ? scale.indicatorTareKg : null,
    takesZero: scale.returnToZeroRequired,
    source: {
      scaleId,
      manual: false,
      stable: true,
      rawFrame: stored.report?.reading?.rawFrame ?? null,
      readingAt: scale.readingAt,
    },
  };
}

/**
 * Records a weigh-in or tare (`record`) taken from a scale as the one weighing of its return to zero:
 * of a burst of weigh-ins on one scale, one takes the zero and the others are refused. A weighing
 * refused while being recorded gives the zero back. A weight set by hand, or from a scale that
 * requires no return to zero, records as it is.
 */
export async function recordedOnce<T>(
  app: CommandHost,
  { source, takesZero }: Weighing,
  record: () => Promise<T>,
): Promise<T> {
  const { scaleId } = source;
  if (!takesZero || scaleId === null) return record();
  if (!(await app.infra.liveScales.takeZero(scaleId)))
    throw new DomainError('conflict', scaleMessages.notZeroed, { scaleId: scaleMessages.notZeroed });
  try {
    return await record();
  } catch (error) {
    await app.infra.liveScales.giveZeroBack(scaleId);
    throw error;
  }
}

/** A weight typed by hand (or sent by the spec's client): a number in (0, limitKg] (issue 34, D4). */
function typedWeight(value: unknown, field: string, limitKg: number): number {
  const weight = optionalNumber(value);
  if (weight === null || !Number.isFinite(weight)) {
    const message = ticketFormMessages.weightNotNumber;
    throw new DomainError('validation', message, { [field]: message });
  }
  const outOfBounds = weightOutOfBounds(weight, limitKg);
  if (outOfBounds) throw new DomainError('validation', outOfBounds, { [field]: outOfBounds });
  return weight;
}
