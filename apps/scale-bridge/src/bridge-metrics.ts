import { scaleStatuses } from '@portal/contract';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { BridgeStats, ScaleMonitor } from './scale-monitor';

const counters: { stat: keyof BridgeStats; name: string; help: string }[] = [
  { stat: 'framesOk', name: 'scale_bridge_frames_total', help: 'Frames decoded' },
  {
    stat: 'checksumErrors',
    name: 'scale_bridge_checksum_errors_total',
    help: 'Frames dropped for a bad checksum',
  },
  { stat: 'garbageBytes', name: 'scale_bridge_garbage_bytes_total', help: 'Bytes skipped between frames' },
  { stat: 'reconnects', name: 'scale_bridge_reconnects_total', help: 'Times the serial port was reopened' },
];

/**
 * The bridge's Prometheus metrics, read from the monitor at each scrape (one source for the counts).
 * A registry of its own: the portal's embedded mode may run a bridge beside its own metrics.
 */
export function createBridgeMetrics(monitor: ScaleMonitor, clock: () => number): Registry {
  const registry = new Registry();
  // The process's CPU, memory, event-loop lag and handles, as every portal process serves them.
  collectDefaultMetrics({ register: registry });
  for (const { stat, name, help } of counters) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(monitor.stats[stat]);
      },
    });
  }
  new Counter({
    name: 'scale_bridge_posts_total',
    help: 'Reports posted to the portal, by result',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'ok' }, monitor.stats.postsOk);
      this.inc({ result: 'failed' }, monitor.stats.postsFailed);
    },
  });
  new Gauge({
    name: 'scale_bridge_status',
    help: 'The scale status: 1 for the current one',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const { status } = monitor.report;
      for (const each of scaleStatuses) this.set({ status: each }, each === status ? 1 : 0);
    },
  });
  new Gauge({
    name: 'scale_bridge_status_since_seconds',
    help: 'When the current status began (Unix time)',
    registers: [registry],
    collect() {
      this.set(Date.parse(monitor.report.statusSince) / 1000);
    },
  });
  new Gauge({
    name: 'scale_bridge_unrecognised_bytes',
    help: 'Bytes since the last frame that decoded to none (0 on a silent line): the indicator talks another format',
    registers: [registry],
    collect() {
      this.set(monitor.stats.unrecognisedBytes);
    },
  });
  new Gauge({
    name: 'scale_bridge_weight_kg',
    help: 'The latest reading in KG (absent without one)',
    registers: [registry],
    collect() {
      this.reset();
      const { reading } = monitor.report;
      if (reading) this.set(reading.weightKg);
    },
  });
  new Gauge({
    name: 'scale_bridge_ready',
    help: '1 when the port is open and a frame came within the frame timeout',
    registers: [registry],
    collect() {
      this.set(monitor.ready(clock()) ? 1 : 0);
    },
  });
  return registry;
}
