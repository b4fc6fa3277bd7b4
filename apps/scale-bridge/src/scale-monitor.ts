import type { BridgeReport, ScaleReading, ScaleStatus } from '@portal/contract';
import type { DecodeResult } from './protocols/protocol';
import { createStableCapture, type StableCaptureOptions } from './stable-capture';
import { toKg } from './units';

/** Counters the bridge exposes (GET /metrics, and `stats` in embedded mode). */
export interface BridgeStats {
  framesOk: number;
  checksumErrors: number;
  garbageBytes: number;
  /**
   * Bytes that arrived since the last frame and decoded to none: the line talks, but not in the
   * format read (a silent line leaves it at 0). 0 again at each frame.
   */
  unrecognisedBytes: number;
  /** Times the port was opened again after it was lost. */
  reconnects: number;
  postsOk: number;
  postsFailed: number;
}

export interface ScaleMonitorOptions extends StableCaptureOptions {
  /** With the port open, no valid frame for this long is an error (and the bridge is not ready). */
  frameTimeoutMs: number;
}

// The contract caps the raw frame at 256 hex digits.
const rawFrameHexLength = 256;

/**
 * The scale's state from what the connection and the decoders say: status and since when, the
 * latest reading in KG, counters. Every call takes the time, so the rules are tested exactly.
 * Readings go out only while the status is ok or motion: a stale weight must not look current.
 */
export class ScaleMonitor {
  readonly stats: BridgeStats = {
    framesOk: 0,
    checksumErrors: 0,
    garbageBytes: 0,
    unrecognisedBytes: 0,
    reconnects: 0,
    postsOk: 0,
    postsFailed: 0,
  };
  private readonly stable;
  /** For frames with no motion flag (motion null): the weight held within a division, whatever the setting. */
  private readonly judged;
  private portOpenSince: number | null = null;
  private everOpened = false;
  private lastFrameAt: number | null = null;
  private latest: ScaleReading | null = null;
  private current: ScaleStatus = 'disconnected';
  private since: number;

  constructor(
    private readonly options: ScaleMonitorOptions,
    now: number,
  ) {
    this.stable = createStableCapture(options);
    this.judged = createStableCapture({ ...options, noMotionFlag: true });
    this.since = now;
  }

  portOpened(now: number): void {
    if (this.everOpened) this.stats.reconnects++;
    this.everOpened = true;
    this.portOpenSince = now;
    this.lastFrameAt = null;
    this.evaluate(now);
  }

  portClosed(now: number): void {
    this.portOpenSince = null;
    this.latest = null;
    // A weight held before the unplug proves nothing about the one read after it.
    this.stable(null, false, now);
    this.judged(null, false, now);
    this.evaluate(now);
  }

  result(result: DecodeResult, now: number): void {
    this.stats.garbageBytes += result.garbageBytes;
    this.stats.unrecognisedBytes =
      result.kind === 'frame' ? 0 : this.stats.unrecognisedBytes + result.garbageBytes;
    if (result.kind === 'checksum-error') this.stats.checksumErrors++;
    if (result.kind === 'frame') {
      this.stats.framesOk++;
      this.lastFrameAt = now;
      const { frame, raw } = result;
      const { divisionKg } = this.options;
      const weightKg = frame.weight === null ? null : toKg(frame.weight, frame.unit, divisionKg);
      const flagged = this.stable(weightKg, frame.motion === true, now);
      const held = this.judged(weightKg, false, now);
      this.latest =
        weightKg === null
          ? null
          : {
              weightKg,
              mode: frame.mode,
              // A frame without a motion flag (Rice Lake's XG reply, a template without status) is judged.
              stable: frame.motion === null ? held : flagged,
              range: frame.range,
              unit: frame.unit,
              ...(frame.tare ? { tareKg: toKg(frame.tare, frame.unit, divisionKg) } : {}),
              rawFrame: raw.toString('hex').slice(0, rawFrameHexLength),
              readAt: new Date(now).toISOString(),
              divisionKg,
            };
    }
    this.evaluate(now);
  }

  /** Time passing alone changes the status (no frame for too long). */
  tick(now: number): void {
    this.evaluate(now);
  }

  ready(now: number): boolean {
    return this.portOpenSince !== null && this.lastFrameAt !== null && !this.timedOut(this.lastFrameAt, now);
  }

  get report(): BridgeReport {
    const live = this.current === 'ok' || this.current === 'motion';
    return {
      status: this.current,
      statusSince: new Date(this.since).toISOString(),
      reading: live ? this.latest : null,
    };
  }

  private timedOut(since: number, now: number): boolean {
    return now - since > this.options.frameTimeoutMs;
  }

  private evaluate(now: number): void {
    const status = this.statusAt(now);
    if (status === this.current) return;
    this.current = status;
    this.since = now;
  }

  private statusAt(now: number): ScaleStatus {
    if (this.portOpenSince === null) return 'disconnected';
    // Open, but not heard from yet: still looking for the scale, until that takes too long.
    if (this.lastFrameAt === null) return this.timedOut(this.portOpenSince, now) ? 'error' : 'disconnected';
    if (this.timedOut(this.lastFrameAt, now) || this.latest === null) return 'error';
    return this.latest.stable ? 'ok' : 'motion';
  }
}
