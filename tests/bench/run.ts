/**
 * The benchmark suite: `npm run bench` runs every module, `npm run bench -- event-store` only those
 * whose name contains the argument. Prints one table and writes bench/results/<timestamp>.json and
 * latest.json. Rows measured in rounds show their median with min and max; a goal row's verdict (held, missed,
 * or not judged when the load average was above 1 at its start) is reported, never fails the run: a run fails
 * (exit code 1) only when a module throws or a row that must be zero (errors, non-2xx answers) is not. The
 * 1-minute load average is printed before and after each module.
 */
import { performance } from 'node:perf_hooks';
import { testServerUrl } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { abuseSoakBench } from './abuse-soak.bench';
import { auditExportBench } from './audit-export.bench';
import { bulkBench } from './bulk.bench';
import { dashboardLoadBench } from './dashboard-load.bench';
import { eventStoreBench } from './event-store.bench';
import { httpUsersBench } from './http-users.bench';
import { integrationsBench } from './integrations.bench';
import { loginBench } from './login.bench';
import { projectionLagBench } from './projection-lag.bench';
import { rebuildBench } from './rebuild.bench';
import { type BenchRow, formatTable, loadAverage, machineInfo, writeResults } from './report';
import { scaleLatencyBench } from './scale-latency.bench';
import { scaleParsersBench } from './scale-parsers.bench';
import { ticketReportBench } from './ticket-report.bench';
import { referenceListsBench, ticketsBench } from './tickets.bench';

const modules: { name: string; run: () => Promise<BenchRow[]> }[] = [
  { name: 'event-store', run: eventStoreBench },
  { name: 'projection-lag', run: projectionLagBench },
  { name: 'rebuild', run: rebuildBench },
  { name: 'http-users', run: httpUsersBench },
  { name: 'login', run: loginBench },
  { name: 'reference-lists', run: referenceListsBench },
  { name: 'tickets', run: ticketsBench },
  { name: 'ticket-report', run: ticketReportBench },
  { name: 'bulk', run: bulkBench },
  { name: 'dashboard-load', run: dashboardLoadBench },
  { name: 'scale-latency', run: scaleLatencyBench },
  { name: 'scale-parsers', run: scaleParsersBench },
  { name: 'audit-export', run: auditExportBench },
  { name: 'integrations', run: integrationsBench },
  { name: 'abuse-soak', run: abuseSoakBench },
];

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const selected = filter ? modules.filter((m) => m.name.includes(filter)) : modules;
  if (selected.length === 0) {
    console.error(`No bench matches "${filter}"; choose from: ${modules.map((m) => m.name).join(', ')}`);
    return 2;
  }
  const startedAt = new Date();
  const runStarted = performance.now();
  const machine = machineInfo(await postgresVersion());
  const rows: BenchRow[] = [];
  const modulesRun: {
    name: string;
    seconds: number;
    loadAverage1mBefore: number;
    loadAverage1mAfter: number;
    error?: string;
  }[] = [];
  const loadLines: string[] = [];
  for (const bench of selected) {
    // Other work on the machine skews every figure: the load before and after says how much there was.
    const loadAverage1mBefore = loadAverage();
    console.error(`bench: ${bench.name}... (load average 1 min: ${loadAverage1mBefore.toFixed(2)})`);
    const started = performance.now();
    let error: string | undefined;
    try {
      rows.push(...(await bench.run()));
    } catch (thrown) {
      console.error(`bench: ${bench.name} failed`, thrown);
      error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
    }
    const seconds = (performance.now() - started) / 1000;
    const loadAverage1mAfter = loadAverage();
    modulesRun.push({
      name: bench.name,
      seconds,
      loadAverage1mBefore,
      loadAverage1mAfter,
      ...(error ? { error } : {}),
    });
    const loadLine = `${bench.name}: load average (1 min) ${loadAverage1mBefore.toFixed(2)} before, ${loadAverage1mAfter.toFixed(2)} after, ${seconds.toFixed(1)} s`;
    loadLines.push(loadLine);
    console.error(`bench: ${loadLine}`);
  }
  const totalSeconds = (performance.now() - runStarted) / 1000;

  console.log(formatTable(rows));
  console.log(
    `\n${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}; ` +
      `total ${totalSeconds.toFixed(1)} s`,
  );
  const loadAverage1mAtEnd = loadAverage();
  console.log(
    `Load average (1 min): ${machine.loadAverage1mAtStart.toFixed(2)} at start, ${loadAverage1mAtEnd.toFixed(2)} at end`,
  );
  for (const line of loadLines) console.log(line);
  const judged = rows.filter((r) => r.verdict);
  const count = (verdict: string) => judged.filter((r) => r.verdict === verdict).length;
  console.log(
    `Goals: ${count('held')} held, ${count('missed')} missed, ${judged.length - count('held') - count('missed')} not judged (load > 1 at their start)`,
  );
  const files = await writeResults({
    startedAt,
    filter: filter ?? null,
    totalSeconds,
    machine,
    loadAverage1mAtEnd,
    modulesRun,
    rows,
  });
  console.log(`Results: ${files.join(', ')}`);

  const problems = rows.filter((r) => r.problem);
  for (const r of problems) console.error(`bench: ${r.name} / ${r.metric} = ${r.value} (${r.problem})`);
  const failed = modulesRun.filter((m) => m.error);
  for (const m of failed) console.error(`bench: ${m.name} did not complete`);
  return problems.length > 0 || failed.length > 0 ? 1 : 0;
}

const exitCode = await main();
process.exitCode = exitCode;
// Everything is closed by now; should a library still hold a handle, do not hang the run.
setTimeout(() => {
  console.error('bench: handles still open 5 s after the run; exiting');
  process.exit();
}, 5_000).unref();
