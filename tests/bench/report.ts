import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** One measured figure. `problem` marks a row whose value means the measurement itself is suspect. */
export interface BenchRow {
  name: string;
  metric: string;
  value: number;
  unit: string;
  problem?: string;
  /** What the figure should reach, as text beside it (`>= 1.5`); shown, never checked. */
  goal?: string;
}

export const row = (name: string, metric: string, value: number, unit: string, goal?: string): BenchRow => ({
  name,
  metric,
  value,
  unit,
  ...(goal ? { goal } : {}),
});

/** A count that must be zero for the other figures to mean anything (errors, non-2xx answers). */
export const mustBeZero = (name: string, metric: string, value: number, unit = 'count'): BenchRow =>
  value === 0 ? row(name, metric, value, unit) : { ...row(name, metric, value, unit), problem: 'expected 0' };

/** Nearest-rank percentile (0 < p <= 100); NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1] as number;
}

export const perSecond = (count: number, elapsedMs: number): number => (count * 1000) / elapsedMs;

const formatValue = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = Number.isInteger(value) || magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

export function formatTable(rows: readonly BenchRow[]): string {
  // The goal column only appears when some row has one, so tables without goals read as before.
  const withGoals = rows.some((r) => r.goal);
  const header = ['name', 'metric', 'value', 'unit', ...(withGoals ? ['goal'] : [])];
  const cells = rows.map((r) => [
    r.name,
    r.metric,
    formatValue(r.value),
    r.problem ? `${r.unit} (!)` : r.unit,
    ...(withGoals ? [r.goal ?? ''] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) =>
    c.map((cell, i) => (i === 2 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

interface MachineInfo {
  cpus: number;
  cpuModel: string;
  totalMemoryMiB: number;
  platform: string;
  node: string;
  postgres: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage1mAtStart: number;
}

export const machineInfo = (postgres: string): MachineInfo => ({
  cpus: os.availableParallelism(),
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20),
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  node: process.version,
  postgres,
  loadAverage1mAtStart: os.loadavg()[0] ?? 0,
});

const resultsDir = path.resolve(import.meta.dirname, '../../bench/results');

/** Writes `<timestamp>.json` (colons replaced, so the name is portable) and `latest.json`; returns both paths. */
export async function writeResults(report: { startedAt: Date } & Record<string, unknown>): Promise<string[]> {
  await mkdir(resultsDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const stamped = path.join(resultsDir, `${report.startedAt.toISOString().replaceAll(':', '-')}.json`);
  const latest = path.join(resultsDir, 'latest.json');
  await writeFile(stamped, json);
  await writeFile(latest, json);
  return [stamped, latest];
}
