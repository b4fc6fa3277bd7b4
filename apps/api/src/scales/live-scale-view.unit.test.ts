import type { ScaleReading } from '@portal/contract';
import { notWeighableBecause, scaleMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { liveScaleView } from './live-scale-view';
import type { LiveScale as StoredLiveScale } from './live-scales';

const scale = {
  id: 3,
  version: 1,
  scaleName: 'North',
  minimumWeightDivisions: 20,
  returnToZeroRequired: true,
  capacityKg: null,
};
const reportedAt = new Date('2026-11-23T08:00:00.000Z');
const maxReadingAgeMs = 1000;
const reading: ScaleReading = {
  weightKg: 20_000,
  mode: 'gross',
  stable: true,
  range: 'ok',
  rawFrame: '02',
  readAt: '2026-11-23T07:59:59.900Z',
  divisionKg: 20,
  unit: 't',
};
const live = {
  report: { status: 'ok' as const, statusSince: '2026-11-23T07:59:00.000Z', reading },
  reportedAt,
  weighingByUserId: 4,
  weighingSince: reportedAt,
  zeroedSinceWeighing: true,
  secondBridgeAt: null,
  refusedAt: null,
  refusedMessage: null,
};
const later = (ms: number) => new Date(reportedAt.getTime() + ms);
const withReading = (fields: Partial<ScaleReading>, status: 'ok' | 'motion' = 'ok') => ({
  ...live,
  report: { ...live.report, status, reading: { ...reading, ...fields } },
});

describe('the live scale view', () => {
  it("shows the bridge's reading while the bridge keeps reporting, with its age and that it may be weighed", () => {
    expect(liveScaleView(scale, live, later(500), maxReadingAgeMs)).toEqual({
      ...scale,
      currentWeight: 20_000,
      unit: 'KG',
      indicatorUnit: 't',
      indicatorTareKg: null,
      divisionKg: 20,
      stable: true,
      mode: 'gross',
      range: 'ok',
      status: 'ok',
      statusSince: '2026-11-23T07:59:00.000Z',
      readingAt: '2026-11-23T07:59:59.900Z',
      readingAgeMs: 600,
      zeroedSinceWeighing: true,
      twoBridgesSince: null,
      notWeighableBecause: null,
      notWeighableAsNetBecause: scaleMessages.notNet,
      weighing: true,
      weighingSince: '2026-11-23T08:00:00.000Z',
      refusedReport: null,
    });
  });

  it("shows the bridge's last refused report for a minute after it came, then no more", () => {
    const refused = { ...live, refusedAt: reportedAt, refusedMessage: 'The reading is off the clock.' };
    expect(liveScaleView(scale, refused, later(60_000), maxReadingAgeMs).refusedReport).toEqual({
      at: '2026-11-23T08:00:00.000Z',
      message: 'The reading is off the clock.',
    });
    expect(liveScaleView(scale, refused, later(60_001), maxReadingAgeMs).refusedReport).toBeNull();
  });

  it('a bridge silent for more than 1.5 s makes the scale disconnected since its last report, with no weight', () => {
    expect(liveScaleView(scale, live, later(1_501), maxReadingAgeMs)).toMatchObject({
      currentWeight: null,
      stable: false,
      status: 'disconnected',
      statusSince: '2026-11-23T08:00:00.000Z',
      readingAt: null,
      readingAgeMs: null,
      notWeighableBecause: scaleMessages.noReading,
    });
  });

  it("measures the frame's age on the bridge's clock, however far the two hosts' clocks are apart", () => {
    // The bridge's clock runs an hour behind: its frame was 300 ms old when it sent the report.
    const skewed = {
      ...live,
      report: {
        ...live.report,
        reading: { ...reading, readAt: '2026-11-23T06:59:59.700Z' },
        sentAt: '2026-11-23T07:00:00.000Z',
      },
    };
    expect(liveScaleView(scale, skewed, later(200), maxReadingAgeMs).readingAgeMs).toBe(500);
    expect(liveScaleView(scale, skewed, later(701), maxReadingAgeMs)).toMatchObject({
      readingAgeMs: 1001,
      notWeighableBecause: scaleMessages.staleReading(1001),
    });
  });

  it('names why the reading may not be weighed: over and under range, net mode, motion', () => {
    const refusal = (view: ReturnType<typeof withReading>) =>
      liveScaleView(scale, view, later(100), maxReadingAgeMs).notWeighableBecause;
    expect(refusal(withReading({ range: 'over' }))).toBe(scaleMessages.overRange);
    expect(refusal(withReading({ range: 'under' }))).toBe(scaleMessages.underRange);
    expect(refusal(withReading({ mode: 'net' }))).toBe(scaleMessages.netMode);
    expect(refusal(withReading({ stable: false }, 'motion'))).toBe(scaleMessages.notStable);
  });

  it('names a scale that has not read zero since its last weighing, and a weight below 20 divisions', () => {
    const view = (state: StoredLiveScale) => liveScaleView(scale, state, later(100), maxReadingAgeMs);
    expect(view({ ...live, zeroedSinceWeighing: false }).notWeighableBecause).toBe(scaleMessages.notZeroed);
    expect(view(withReading({ weightKg: 380 })).notWeighableBecause).toBe(
      scaleMessages.belowMinimum(400, 20),
    );
    expect(view(withReading({ weightKg: 400 })).notWeighableBecause).toBeNull();
  });

  it("applies the scale's own rules: its minimum in divisions, and whether a return to zero is required", () => {
    const lenient = { ...scale, minimumWeightDivisions: 5, returnToZeroRequired: false };
    const view = (state: StoredLiveScale) => liveScaleView(lenient, state, later(100), maxReadingAgeMs);
    expect(
      view({ ...withReading({ weightKg: 100 }), zeroedSinceWeighing: false }).notWeighableBecause,
    ).toBeNull();
    expect(view(withReading({ weightKg: 80 })).notWeighableBecause).toBe(scaleMessages.belowMinimum(100, 5));
  });

  it('refuses a reading over the capacity its record gives (issue 34, item 3), and weighs one at it', () => {
    const rated = { ...scale, capacityKg: 60_000 };
    const view = (state: StoredLiveScale) => liveScaleView(rated, state, later(100), maxReadingAgeMs);
    expect(view(withReading({ weightKg: 60_020 })).notWeighableBecause).toBe(
      scaleMessages.overCapacity(60_000),
    );
    expect(view(withReading({ weightKg: 60_000 })).notWeighableBecause).toBeNull();
    expect(
      liveScaleView(scale, withReading({ weightKg: 60_020 }), later(100), maxReadingAgeMs)
        .notWeighableBecause,
    ).toBeNull();
  });

  it('weighs a net reading only when the operator asks for net and the frame carries its tare', () => {
    const state = (fields: Partial<ScaleReading>) => {
      const view = liveScaleView(scale, withReading(fields), later(100), maxReadingAgeMs);
      return {
        ...view,
        divisionKg: view.divisionKg,
        tareKg: view.indicatorTareKg,
        twoBridges: false,
        rules: scale,
      };
    };
    const asNet = (fields: Partial<ScaleReading>) =>
      notWeighableBecause(state(fields), maxReadingAgeMs, 'net');
    expect(asNet({ mode: 'net', tareKg: 14_000 })).toBeNull();
    expect(asNet({ mode: 'net' })).toBe(scaleMessages.netWithoutTare);
    expect(asNet({ mode: 'gross', tareKg: 14_000 })).toBe(scaleMessages.notNet);
    expect(
      liveScaleView(scale, withReading({ mode: 'net', tareKg: 14_000 }), later(100), maxReadingAgeMs),
    ).toMatchObject({
      indicatorTareKg: 14_000,
      notWeighableBecause: scaleMessages.netMode,
    });
  });

  it('refuses readings while two bridges report with one key, for 10 s after the last sign of it', () => {
    const twice = { ...live, secondBridgeAt: later(-2_000) };
    expect(liveScaleView(scale, twice, later(100), maxReadingAgeMs)).toMatchObject({
      twoBridgesSince: later(-2_000).toISOString(),
      notWeighableBecause: scaleMessages.twoBridges,
    });
    const long = { ...live, secondBridgeAt: later(-10_001) };
    expect(liveScaleView(scale, long, later(0), maxReadingAgeMs).twoBridgesSince).toBeNull();
  });
});
