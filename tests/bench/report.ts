import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A goal's bound on a row's value: the row holds when its median is within it. */
interface Goal {
  text: string;
  atMost?: number;
  atLeast?: number;
}

export const atMost = (bound: number, text = `<= ${formatValue(bound)}`): Goal => ({ text, atMost: bound });
export const atLeast = (bound: number, text = `>= ${formatValue(bound)}`): Goal => ({ text, atLeast: bound });

/** Above this 1-minute load average at a row's start, other work had the cores: its goal is not judged. */
const quietLoad = 1;

type Verdict = 'held' | 'missed' | 'not judged: load > 1 at start';

/** One measured figure. `problem` marks a row whose value means the measurement itself is suspect. */
export interface BenchRow {
  name: string;
  metric: string;
  /** The median of `rounds` when the row was measured in rounds, else the one figure. */
  value: number;
  unit: string;
  problem?: string;
  /** Each round's figure in order; min and max are printed beside the median. */
  rounds?: number[];
  min?: number;
  max?: number;
  /** What the figure should reach, as text beside it (`>= 1.5`); judged only when `bound` is set too. */
  goal?: string;
  bound?: { atMost?: number; atLeast?: number };
  /** The 1-minute load average when the row's first round started. */
  loadAtStart?: number;
  verdict?: Verdict;
}

export const row = (name: string, metric: string, value: number, unit: string, goal?: string): BenchRow => ({
  name,
  metric,
  value,
  unit,
  ...(goal ? { goal } : {}),
});

/** 1-minute load average now. */
export const loadAverage = (): number => os.loadavg()[0] ?? 0;

/** Rounds of every measured row (issue 35): a noisy round shows as spread, not as the result. */
const benchRounds = 3;

/** Longest wait for the load to fall before a measurement's rounds (BENCH_SETTLE_SECONDS, 120 by default). */
const settleLimitMs = Number(process.env.BENCH_SETTLE_SECONDS ?? '120') * 1000;

/**
 * Waits until the 1-minute load average is at most `quietLoad`, for `settleLimitMs` at the most, and answers it.
 * The bench's own set-up (a million tickets seeded, the previous row's clients) leaves the average high for a
 * minute after it ends, and that is not other work: without the wait no row on a 2-core machine was ever judged.
 * Work that goes on keeps the average up, and the row is then not judged.
 */
async function settle(): Promise<number> {
  const deadline = performance.now() + settleLimitMs;
  while (loadAverage() > quietLoad && performance.now() < deadline) await sleep(1_000);
  return loadAverage();
}

/**
 * The results of `measure` run `benchRounds` times in a row, and the load average when the first began (after
 * `settle`).
 */
export async function inRounds<T>(
  measure: (round: number) => Promise<T>,
  rounds = benchRounds,
): Promise<{ results: T[]; loadAtStart: number }> {
  const loadAtStart = await settle();
  const results: T[] = [];
  for (let round = 0; round < rounds; round++) results.push(await measure(round));
  return { results, loadAtStart };
}

const judge = (value: number, goal: Goal, loadAtStart: number): Verdict => {
  if (loadAtStart > quietLoad) return 'not judged: load > 1 at start';
  const held =
    (goal.atMost === undefined || value <= goal.atMost) &&
    (goal.atLeast === undefined || value >= goal.atLeast);
  return held ? 'held' : 'missed';
};

/**
 * A row measured in rounds: its value is their median, min and max beside it. With a goal (a ratio to a
 * floor of the same rounds, or an absolute bound), the median is judged, unless the load was high at its start.
 */
function roundsRow(
  name: string,
  metric: string,
  rounds: readonly number[],
  unit: string,
  judged?: { goal: Goal; loadAtStart: number },
): BenchRow {
  const result: BenchRow = {
    name,
    metric: `${metric}, median of ${rounds.length}`,
    value: percentile(rounds, 50),
    unit,
    rounds: [...rounds],
    min: Math.min(...rounds),
    max: Math.max(...rounds),
  };
  if (!judged) return result;
  const { goal, loadAtStart } = judged;
  return {
    ...result,
    goal: goal.text,
    bound: {
      ...(goal.atMost === undefined ? {} : { atMost: goal.atMost }),
      ...(goal.atLeast === undefined ? {} : { atLeast: goal.atLeast }),
    },
    loadAtStart,
    verdict: judge(result.value, goal, loadAtStart),
  };
}

/** Rows of one measurement's figure per round: `pick` reads the figure out of each round's result. */
export const roundsRowOf =
  <T>(name: string, measured: { results: T[]; loadAtStart: number }) =>
  (metric: string, pick: (result: T) => number, unit: string, goal?: Goal): BenchRow =>
    roundsRow(
      name,
      metric,
      measured.results.map(pick),
      unit,
      goal ? { goal, loadAtStart: measured.loadAtStart } : undefined,
    );

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

const spread = (r: BenchRow): string =>
  r.min === undefined || r.max === undefined ? '' : `${formatValue(r.min)}–${formatValue(r.max)}`;

export function formatTable(rows: readonly BenchRow[]): string {
  // The goal and verdict columns only appear when some row has one, so tables without goals read as before.
  const withGoals = rows.some((r) => r.goal);
  const withRounds = rows.some((r) => r.rounds);
  const header = [
    'name',
    'metric',
    withRounds ? 'median' : 'value',
    ...(withRounds ? ['min–max'] : []),
    'unit',
    ...(withGoals ? ['goal', 'verdict'] : []),
  ];
  const cells = rows.map((r) => [
    r.name,
    r.metric,
    formatValue(r.value),
    ...(withRounds ? [spread(r)] : []),
    r.problem ? `${r.unit} (!)` : r.unit,
    ...(withGoals ? [r.goal ?? '', r.verdict ?? ''] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const numeric = withRounds ? [2, 3] : [2];
  const line = (c: string[]) =>
    c
      .map((cell, i) => (numeric.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(' | ');
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
  loadAverage1mAtStart: loadAverage(),
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
