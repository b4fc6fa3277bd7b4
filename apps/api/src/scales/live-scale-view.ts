import type { BridgeReport, LiveScale, ScaleReading } from '@portal/contract';
import {
  DomainError,
  notWeighableBecause,
  type ScaleWeighingRules,
  scales,
  weighingRulesOf,
} from '@portal/domain';
import { findScale } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import type { LiveScale as StoredLiveScale } from './live-scales';

/**
 * A bridge that has not reported for this long has stopped (its process, its host or its network):
 * half as long again as its heartbeat (at most a second), so a dead bridge shows within 2 s.
 */
const silentBridgeMs = 1_500;

/** A second bridge seen this recently still makes the scale's readings untrustworthy. */
const twoBridgesShownMs = 10_000;

/** A refused report is shown this long after it came: a bridge still sending them shows it for good. */
const refusedReportShownMs = 60_000;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/**
 * How old the reading's frame is at `now`: its age when the bridge sent it (both times on the bridge's
 * clock), plus the time since the API took the report (the API's clock). Without `sentAt` (an older
 * bridge) the two clocks are taken to agree.
 */
function readingAgeMs(report: BridgeReport, reading: ScaleReading, reportedAt: Date, now: Date): number {
  const readAt = new Date(reading.readAt).getTime();
  const ageWhenSent = report.sentAt ? new Date(report.sentAt).getTime() - readAt : null;
  const age =
    ageWhenSent === null
      ? now.getTime() - readAt
      : Math.max(0, ageWhenSent) + (now.getTime() - new Date(reportedAt).getTime());
  return Math.max(0, Math.round(age));
}

/** The scale as GET /api/scale/{id} answers it: its record, its latest reading and its status now. */
export function liveScaleView(
  scale: { id: number; version: number; scaleName: string } & ScaleWeighingRules,
  live: StoredLiveScale,
  now: Date,
  maxReadingAgeMs: number,
): LiveScale {
  const { report, reportedAt } = live;
  const silent = !reportedAt || now.getTime() - new Date(reportedAt).getTime() > silentBridgeMs;
  const reading = silent ? null : (report?.reading ?? null);
  const { secondBridgeAt } = live;
  const twoBridges =
    secondBridgeAt !== null && now.getTime() - new Date(secondBridgeAt).getTime() <= twoBridgesShownMs;
  const state = {
    currentWeight: reading?.weightKg ?? null,
    stable: reading?.stable ?? false,
    mode: reading?.mode ?? null,
    range: reading?.range ?? null,
    status: silent || !report ? ('disconnected' as const) : report.status,
    readingAgeMs: reading && report && reportedAt ? readingAgeMs(report, reading, reportedAt, now) : null,
    zeroedSinceWeighing: live.zeroedSinceWeighing,
    twoBridgesSince: twoBridges ? iso(secondBridgeAt) : null,
  };
  const readingState = {
    ...state,
    divisionKg: reading?.divisionKg ?? null,
    tareKg: reading?.tareKg ?? null,
    twoBridges,
    rules: weighingRulesOf(scale),
  };
  return {
    ...scale,
    ...state,
    unit: 'KG',
    indicatorUnit: reading?.unit ?? null,
    indicatorTareKg: reading?.tareKg ?? null,
    divisionKg: reading?.divisionKg ?? null,
    statusSince: silent ? iso(reportedAt) : (report?.statusSince ?? null),
    readingAt: reading?.readAt ?? null,
    notWeighableBecause: notWeighableBecause(readingState, maxReadingAgeMs),
    notWeighableAsNetBecause: notWeighableBecause(readingState, maxReadingAgeMs, 'net'),
    weighing: live.weighingByUserId !== null,
    weighingSince: iso(live.weighingSince),
    refusedReport:
      live.refusedAt &&
      live.refusedMessage &&
      now.getTime() - new Date(live.refusedAt).getTime() <= refusedReportShownMs
        ? { at: new Date(live.refusedAt).toISOString(), message: live.refusedMessage }
        : null,
  };
}

/** The scale of `id` with its live state, or 'Scale not found.'. */
export async function findLiveScale(app: CommandHost, id: number): Promise<LiveScale> {
  return (await loadLiveScale(app, id)).view;
}

/** The scale's view and the stored report it was made from, read once (a weigh-in records that very frame). */
export async function loadLiveScale(
  app: CommandHost,
  id: number,
): Promise<{ view: LiveScale; stored: StoredLiveScale }> {
  const scale = await findScale(app.infra.db, id);
  if (!scale) throw new DomainError('not_found', scales.notFoundMessage);
  const stored = await app.infra.liveScales.find(id);
  return { view: liveScaleView(scale, stored, new Date(), app.infra.config.scaleMaxReadingAgeMs), stored };
}
