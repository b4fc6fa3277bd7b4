import { performance } from 'node:perf_hooks';
import { bearer, startTestPortal } from '@portal/api/test/portal';
import { type BenchRow, mustBeZero, percentile, row } from './report';
import { seedTickets, ticketCount } from './tickets.bench';

const name = 'ticket-report';
const runs = 30;
/** Haulage company 7 has 10,000 of the seeded tickets. */
const tenThousandRows = { transportCompanyId: 7 };
const exportColumns = [
  'ticketNumber',
  'date',
  'contractorCompanyName',
  'jobSite',
  'transportCompanyName',
  'weight',
  'truckLicensePlate',
  'timeReceived',
  'isReceived',
];

/** Downloads an export of `count` rows: its time, size and the process's peak RSS, sampled every 50 ms. */
async function timedExport(post: (path: string, body: object) => Promise<Response>, count: number) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  // Prefix 0's numbers from 2 (prefix 1's only ticket is number 1).
  const response = await post('/api/ticket/report/excel', { from: 2, to: count + 1, columns: exportColumns });
  let bytes = 0;
  for await (const part of response.body ?? []) bytes += (part as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mb = (n: number) => n / 1024 / 1024;
  const label = `POST /api/ticket/report/excel, ${count} rows, ${exportColumns.length} columns`;
  return [
    row(name, `${label}: time`, seconds, 's'),
    row(name, `${label}: file size`, mb(bytes), 'MB'),
    row(name, `${label}: peak RSS`, mb(peakRss), 'MB'),
    row(name, `${label}: RSS growth over the start`, mb(peakRss - rssBefore), 'MB'),
    mustBeZero(name, `${label}: non-2xx`, response.ok ? 0 : 1),
  ];
}

/**
 * The custom report over a million tickets, written straight into the read model by one
 * INSERT … SELECT generate_series (seedTickets; the API would take hours): the table for a filter
 * matching 10,000 rows, and 100,000- and 300,000-row .xlsx downloads through the streaming writer
 * with the process's peak resident memory (the portal runs in this process).
 */
export async function ticketReportBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  try {
    const rows: BenchRow[] = [];
    rows.push(
      row(name, `seed ${ticketCount} tickets into the read model`, (await seedTickets(portal)) / 1000, 's'),
    );
    const headers = { ...bearer(await portal.login()), 'content-type': 'application/json' };
    const post = (path: string, body: object) =>
      fetch(`${portal.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    for (const sort of ['ticketNumber', 'contractorCompanyName'] as const) {
      const latencies: number[] = [];
      let failures = 0;
      let total = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const response = await post('/api/ticket/report/table', { ...tenThousandRows, sort, perPage: 50 });
        const answer = (await response.json()) as { total: number };
        latencies.push(performance.now() - started);
        if (!response.ok) failures++;
        total = answer.total;
      }
      const label = `POST /api/ticket/report/table, ${total} of ${ticketCount} rows, sort ${sort} (${runs} runs)`;
      rows.push(
        row(name, `${label}: p50`, percentile(latencies, 50), 'ms'),
        row(name, `${label}: p99`, percentile(latencies, 99), 'ms'),
        mustBeZero(name, `${label}: failures`, failures),
      );
    }

    // The same export three times as long: a bounded writer peaks at about the same memory.
    for (const exported of [100_000, 300_000]) rows.push(...(await timedExport(post, exported)));
    return rows;
  } finally {
    await portal.stop();
  }
}
