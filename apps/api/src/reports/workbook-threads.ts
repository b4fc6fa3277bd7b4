import type { Writable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { ReportTotals } from '@portal/contract';
import type { ReportRowView } from '@portal/projections';
import Piscina from 'piscina';
import type { FromReportThread, ReportLayout, ToReportThread } from './report-sheet';
import { roomIn } from './stream-room';
import type * as thread from './workbook-thread';

/**
 * A bounded pool of worker threads (EXPORT_THREADS) that builds every workbook: exceljs spends seconds of
 * a core on a few thousand rows, and on the API's event loop ten exports at once held every other request
 * for seconds (issue 32, L4). Piscina keeps the pool: a queue served first come first served, threads
 * started on demand and ended when idle, a thread that dies replaced, and results moved back, not
 * copied. The threads only build; rows are read here, in batches, by the caller.
 */

/** The thread's module: its TypeScript source through tsx's loader, or the built server's compiled entry. */
const threadModule = import.meta.url.endsWith('.ts')
  ? new URL('./typescript-thread.mjs', import.meta.url)
  : new URL('./workbook-thread.js', import.meta.url);

/** A thread idle this long ends, so an API that exports now and then holds no threads in between. */
const idleTimeoutMs = 60_000;

/**
 * The threads run at a lower priority than the event loop (nice +10, per thread on Linux): where cores are
 * scarce, requests and logins go first and exports take what is left.
 */
const workbookNiceness = 10;

type Task<Name extends keyof typeof thread> = Parameters<(typeof thread)[Name]>[0];

/** The file a thread built, as a Buffer over the memory it moved back. */
const bufferOf = (file: Uint8Array) => Buffer.from(file.buffer, file.byteOffset, file.byteLength);

export function createWorkbookThreads(threads: number) {
  const pool = new Piscina({
    filename: threadModule.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: idleTimeoutMs,
    niceIncrement: workbookNiceness,
  });
  const run = async <Name extends keyof typeof thread>(name: Name, task: Task<Name>) =>
    bufferOf((await pool.run(task, { name })) as Uint8Array);

  return {
    tables: (sheets: Task<'tablesWorkbook'>) => run('tablesWorkbook', sheets),
    ticketExport: (task: Task<'ticketExportWorkbook'>) => run('ticketExportWorkbook', task),
    transports: (task: Task<'transportWorkbook'>) => run('transportWorkbook', task),

    /**
     * Streams the custom report into `output`: once a thread has taken it, `readRows` reads the rows and hands
     * each batch to `write`, which resolves once the thread has written the one before and `output` has room
     * again (so at most two batches and their compressed bytes are in memory per report), then answers the
     * totals.
     */
    async report(
      layout: ReportLayout,
      output: Writable,
      readRows: (write: (rows: ReportRowView[]) => Promise<void>) => Promise<ReportTotals>,
    ): Promise<ReportTotals> {
      const { port1: port, port2: threadPort } = new MessageChannel();
      let answered: (() => void) | null = null;
      // The file's last piece may come after the thread's task has ended: its answer takes another way.
      let lastPieceWritten = () => {};
      const written = new Promise<void>((resolve) => {
        lastPieceWritten = resolve;
      });
      port.on('message', (message: FromReportThread) => {
        if ('piece' in message) {
          if (!output.destroyed) output.write(message.piece);
        } else if ('end' in message) output.end(() => lastPieceWritten());
        else answered?.();
      });
      // The reader going away ends the thread's work (it sees the port close), and nothing more is written.
      output.once('close', () => {
        port.close();
        lastPieceWritten();
      });
      const abandoned = new AbortController();
      const built = pool.run(
        { port: threadPort, layout },
        { name: 'writeReportSheet', transferList: [threadPort], signal: abandoned.signal },
      );
      const answer = () =>
        Promise.race([
          new Promise<void>((resolve) => {
            answered = resolve;
          }),
          built.then(() => {
            throw new Error('report export: the thread ended before answering');
          }),
        ]);
      try {
        await answer();
        // The next batch is read while the thread writes this one: one batch ahead at most.
        let threadCaughtUp = Promise.resolve();
        const totals = await readRows(async (rows) => {
          await threadCaughtUp;
          await roomIn(output);
          threadCaughtUp = answer();
          // Awaited with the next batch: a thread failing before then is not an unhandled rejection.
          threadCaughtUp.catch(() => undefined);
          port.postMessage({ rows } satisfies ToReportThread);
        });
        await threadCaughtUp;
        port.postMessage({ totals } satisfies ToReportThread);
        await built;
        await written;
        return totals;
      } catch (error) {
        // Still queued: it leaves the queue; already running: its thread stops (and is replaced).
        abandoned.abort();
        built.catch(() => undefined);
        throw error;
      } finally {
        port.close();
      }
    },

    close: () => pool.destroy(),
  };
}

export type WorkbookThreads = ReturnType<typeof createWorkbookThreads>;
