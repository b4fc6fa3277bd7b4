import { liveScaleView } from '@portal/api';
import type { BridgeReport } from '@portal/contract';
import { defaultMinimumWeightDivisions, isZeroReading, weighingRulesOf } from '@portal/domain';
import { type DecodeResult, ScaleMonitor } from '@portal/scale-bridge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Issue 29: for any sequence of frames, a weight the portal would record came from a frame that was
// stable, in range and gross, younger than the limit, after a return to zero since the previous
// weighing, and not below the minimum. The frames go through the bridge's own monitor (which makes the
// reports), the reports through the portal's view and its one rule (which a weigh-in obeys).

const divisionKg = 20;
const maxReadingAgeMs = 1000;
const scale = { id: 1, version: 1, scaleName: 'Lane 1', ...weighingRulesOf({}) };

interface Frame {
  weightKg: number;
  motion: boolean;
  range: 'ok' | 'over' | 'under';
  mode: 'gross' | 'net';
}

const frameArbitrary: fc.Arbitrary<Frame> = fc.record({
  // Zero often (trucks leave), small weights (below the minimum) and loads.
  weightKg: fc
    .oneof(fc.constant(0), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 3000 }))
    .map((divisions) => divisions * divisionKg),
  motion: fc.constantFrom(false, false, true),
  range: fc.constantFrom('ok', 'ok', 'ok', 'over', 'under'),
  mode: fc.constantFrom('gross', 'gross', 'gross', 'net'),
});

type Step = { kind: 'frame'; frame: Frame; afterMs: number } | { kind: 'weigh'; afterMs: number };

// Mostly a frame every few hundred ms, as indicators send them; now and then a long silence.
const gapArbitrary = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2500 }));

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('frame' as const),
    frame: frameArbitrary,
    afterMs: fc.integer({ min: 0, max: 1500 }),
  }),
  fc.record({ kind: fc.constant('weigh' as const), afterMs: gapArbitrary }),
);

const decoded = (frame: Frame): DecodeResult => ({
  kind: 'frame',
  frame: { weight: frame.weightKg, unit: 'kg', decimals: 0, ...frame },
  raw: Buffer.from([0x02, 0x0d]),
  garbageBytes: 0,
});

describe('only a legal reading is ever weighed', () => {
  it('for any sequence of frames and weigh-ins', () => {
    let weighed = 0;
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 80 }), (steps) => {
        let now = 0;
        const monitor = new ScaleMonitor(
          { divisionKg, stableAfterMs: 500, noMotionFlag: false, frameTimeoutMs: 2000 },
          now,
        );
        monitor.portOpened(now);
        // What the portal keeps: the latest report, when it came, and whether the deck read zero since the
        // last weighing (as the live-scales store notes it, with the same isZeroReading).
        let stored: { report: BridgeReport; at: number } | null = null;
        let zeroedSinceWeighing = false;
        let lastFrame: { frame: Frame; at: number } | null = null;
        let zeroFrameSinceWeighing = false;
        for (const step of steps) {
          now += step.afterMs;
          if (step.kind === 'frame') {
            monitor.result(decoded(step.frame), now);
            lastFrame = { frame: step.frame, at: now };
            const report = { ...monitor.report, sentAt: new Date(now).toISOString() };
            stored = { report, at: now };
            if (report.reading && isZeroReading(report.reading.weightKg, report.reading.divisionKg ?? null))
              zeroedSinceWeighing = true;
            if (step.frame.weightKg === 0) zeroFrameSinceWeighing = true;
            continue;
          }
          monitor.tick(now);
          const view = liveScaleView(
            scale,
            {
              report: stored?.report ?? null,
              reportedAt: stored ? new Date(stored.at) : null,
              weighingByUserId: null,
              weighingSince: null,
              zeroedSinceWeighing,
              secondBridgeAt: null,
              refusedAt: null,
              refusedMessage: null,
            },
            new Date(now),
            maxReadingAgeMs,
          );
          if (view.notWeighableBecause !== null) continue;
          // Weighed: the weight is the last frame's, and that frame was legal.
          expect(lastFrame).not.toBeNull();
          if (!lastFrame) return;
          expect(view.currentWeight).toBe(lastFrame.frame.weightKg);
          expect(lastFrame.frame).toMatchObject({ motion: false, range: 'ok', mode: 'gross' });
          expect(now - lastFrame.at).toBeLessThanOrEqual(maxReadingAgeMs);
          expect(zeroFrameSinceWeighing).toBe(true);
          expect(lastFrame.frame.weightKg).toBeGreaterThanOrEqual(defaultMinimumWeightDivisions * divisionKg);
          weighed += 1;
          zeroedSinceWeighing = false;
          zeroFrameSinceWeighing = false;
        }
      }),
      { numRuns: 500 },
    );
    // Not vacuous: legal readings came up and were weighed.
    expect(weighed).toBeGreaterThan(100);
  });
});
