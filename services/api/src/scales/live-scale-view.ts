import type { LiveScale } from '@portal/contract';
import { DomainError, scales } from '@portal/domain';
import { findScale } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import type { LiveScale as StoredLiveScale } from './live-scales';

/** A bridge that has not reported for this long has stopped (its process, its host or its network). */
const silentBridgeMs = 10_000;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** The scale as GET /api/scale/{id} answers it: its record, its latest reading and its status now. */
export function liveScaleView(
  scale: { id: number; version: number; scaleName: string },
  live: StoredLiveScale,
  now: Date,
): LiveScale {
  const { report, reportedAt } = live;
  const silent = !reportedAt || now.getTime() - new Date(reportedAt).getTime() > silentBridgeMs;
  const reading = silent ? null : (report?.reading ?? null);
  return {
    ...scale,
    currentWeight: reading?.weightKg ?? null,
    unit: 'KG',
    stable: reading?.stable ?? false,
    mode: reading?.mode ?? null,
    range: reading?.range ?? null,
    status: silent || !report ? 'disconnected' : report.status,
    statusSince: silent ? iso(reportedAt) : (report?.statusSince ?? null),
    readingAt: reading?.readAt ?? null,
    weighing: live.weighingByUserId !== null,
    weighingSince: iso(live.weighingSince),
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
  return { view: liveScaleView(scale, stored, new Date()), stored };
}
