import { describe, expect, it } from 'vitest';
import { liveScaleView } from './live-scale-view';

const scale = { id: 3, version: 1, scaleName: 'North' };
const reportedAt = new Date('2026-11-23T08:00:00.000Z');
const live = {
  report: {
    status: 'ok' as const,
    statusSince: '2026-11-23T07:59:00.000Z',
    reading: {
      weightKg: 20_000,
      mode: 'gross' as const,
      stable: true,
      range: 'ok' as const,
      rawFrame: '02',
      readAt: '2026-11-23T07:59:59.900Z',
    },
  },
  reportedAt,
  weighingByUserId: 4,
  weighingSince: reportedAt,
};
const later = (ms: number) => new Date(reportedAt.getTime() + ms);

describe('the live scale view', () => {
  it("shows the bridge's reading while the bridge keeps reporting", () => {
    expect(liveScaleView(scale, live, later(9_999))).toEqual({
      ...scale,
      currentWeight: 20_000,
      unit: 'KG',
      stable: true,
      mode: 'gross',
      range: 'ok',
      status: 'ok',
      statusSince: '2026-11-23T07:59:00.000Z',
      readingAt: '2026-11-23T07:59:59.900Z',
      weighing: true,
      weighingSince: '2026-11-23T08:00:00.000Z',
    });
  });

  it('a bridge silent for more than 10 s makes the scale disconnected since its last report, with no weight', () => {
    expect(liveScaleView(scale, live, later(10_001))).toMatchObject({
      currentWeight: null,
      stable: false,
      status: 'disconnected',
      statusSince: '2026-11-23T08:00:00.000Z',
      readingAt: null,
    });
  });
});
