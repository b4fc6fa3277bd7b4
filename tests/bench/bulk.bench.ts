import { performance } from 'node:perf_hooks';
import { bearer, respondAsync, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import type { RunView } from '@portal/contract';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import { type BenchRow, mustBeZero, perSecond, row } from './report';
import { sleep } from './support';

const name = 'bulk';
const generateCount = 2000;
const receiveCount = 100;

/**
 * Issue 5's figures, on each queue backend, through the HTTP API with the portal's in-process
 * workers: generating 2000 tickets until the read model shows all of them, bulk-receiving 100
 * (one range) until its run has finished, and exporting 2000 tickets until the .xlsx mail has
 * arrived at a real SMTP server.
 */
export async function bulkBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const backend of ['Redis', 'PostgreSQL'] as const) rows.push(...(await benchOn(backend)));
  return rows;
}

async function benchOn(backend: 'Redis' | 'PostgreSQL'): Promise<BenchRow[]> {
  const receiver = await startSmtpTestReceiver();
  const portal = await startTestPortal({
    env: { SMTP_URL: receiver.url, ...(backend === 'Redis' ? { REDIS_URL: testRedisUrl } : {}) },
  });
  const label = (text: string) => `${text} (${backend} queues)`;
  try {
    const rows: BenchRow[] = [];
    const headers = { ...bearer(await portal.login()), 'content-type': 'application/json' };
    const start = async (method: 'GET' | 'POST', path: string, body?: object): Promise<RunView> => {
      const response = await fetch(`${portal.url}${path}`, {
        method,
        // Answered 202 at once; the run is then followed to its end, as the dashboard does.
        headers: { ...headers, ...respondAsync },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (response.status !== 202) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as RunView;
    };
    const finished = async (run: RunView): Promise<RunView> => {
      for (;;) {
        const response = await fetch(`${portal.url}/api/job/${run.id}`, { headers });
        const current = (await response.json()) as RunView;
        if (current.state === 'completed' || current.state === 'failed') return current;
        await sleep(20);
      }
    };

    let started = performance.now();
    const generated = await finished(
      await start('POST', '/api/ticket/generate', { from: 1, to: generateCount }),
    );
    const visible = await visibleTickets(portal, generateCount);
    const generateMs = performance.now() - started;
    rows.push(
      row(
        name,
        label(`generate ${generateCount} tickets until all are in the read model`),
        generateMs / 1000,
        's',
        '<= 1',
      ),
    );
    rows.push(row(name, label('generate rate'), perSecond(generateCount, generateMs), 'tickets/s'));
    rows.push(mustBeZero(name, label('generated tickets missing'), generateCount - visible));
    rows.push(
      mustBeZero(
        name,
        label('generate chunks failed'),
        generated.chunks.filter((c) => c.state === 'failed').length,
      ),
    );

    started = performance.now();
    const received = await finished(
      await start('POST', '/api/ticket/bulk/receive', {
        ticketRange: `1-${receiveCount}`,
        forceReceive: false,
      }),
    );
    const receiveMs = performance.now() - started;
    rows.push(row(name, label(`bulk receive ${receiveCount} tickets (one range)`), receiveMs / 1000, 's'));
    rows.push(row(name, label('bulk receive rate'), perSecond(receiveCount, receiveMs), 'receipts/s'));
    rows.push(
      mustBeZero(name, label('bulk receive ranges failed'), (received.result as { fail: number }).fail),
    );

    started = performance.now();
    const email = 'bench@portal.test';
    const exported = await finished(
      await start('POST', '/api/ticket/generate/excel', { from: 1, to: generateCount, email }),
    );
    while (receiver.received.length === 0 && performance.now() - started < 120_000) await sleep(20);
    const exportMs = performance.now() - started;
    const attachment = receiver.received[0]?.attachments[0];
    rows.push(
      row(name, label(`export ${generateCount} tickets until the .xlsx mail arrives`), exportMs / 1000, 's'),
    );
    rows.push(row(name, label('export attachment size'), (attachment?.size ?? 0) / 1024, 'KiB'));
    rows.push(mustBeZero(name, label('export mails missing'), receiver.received.length === 1 ? 0 : 1));
    rows.push(mustBeZero(name, label('export runs failed'), exported.state === 'completed' ? 0 : 1));
    return rows;
  } finally {
    await portal.stop();
    await receiver.close();
  }
}

/** Polls the read model until it holds `count` tickets (or 60 s pass); answers how many it holds. */
async function visibleTickets(portal: TestPortal, count: number): Promise<number> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const { rows } = await portal.infra.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets');
    const seen = rows[0]?.n ?? 0;
    if (seen >= count || performance.now() > deadline) return seen;
    await sleep(10);
  }
}
