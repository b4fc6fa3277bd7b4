import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { downloadExport, seedExportRows } from '@portal/api/test/export-load';
import { useTestPortal } from '@portal/api/test/portal';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 32, item 4 (L4): workbooks are built on threads of their own (workbook-threads.ts), so ten large
// downloads at once leave the API answering. Measured on the test's own event loop (the portal runs in this
// process) and on GET /api/setting over HTTP while they run. Built on the event loop, ten 8,000-row downloads
// held it for 1.4 s at a time and /api/setting took up to 6 s (8.8 s in the probe).
const ctx = useTestPortal();
const rowsPerExport = 8000;
const exportsAtOnce = 10;
beforeAll(() => seedExportRows(ctx.portal.infra.db, rowsPerExport));

describe('report downloads', () => {
  it(`${exportsAtOnce} downloads of ${rowsPerExport} rows at once leave the event loop and GET /api/setting answering`, async () => {
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const settingTimes: number[] = [];
    let downloading = true;
    const pollSettings = (async () => {
      while (downloading) {
        const started = performance.now();
        const response = await fetch(`${ctx.portal.url}/api/setting`, { headers: ctx.admin });
        await response.arrayBuffer();
        settingTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    loopDelay.enable();
    const sizes = await Promise.all(
      Array.from({ length: exportsAtOnce }, () =>
        downloadExport(ctx.portal.url, ctx.admin.authorization ?? '', rowsPerExport),
      ),
    ).finally(() => {
      downloading = false;
      loopDelay.disable();
    });
    await pollSettings;

    // Every download is a whole workbook of the same rows (a zip's size varies by a few bytes: its times).
    for (const size of sizes) expect(size).toBeGreaterThan(200_000);
    const slowestSetting = Math.max(...settingTimes);
    const longestStallMs = loopDelay.max / 1e6;
    const sorted = settingTimes.toSorted((a, b) => a - b);
    console.info(
      `${exportsAtOnce} × ${rowsPerExport}-row downloads: longest event-loop stall ${longestStallMs.toFixed(0)} ms (p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms), ` +
        `GET /api/setting ${settingTimes.length} times, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(0)} ms, slowest ${slowestSetting.toFixed(0)} ms`,
    );
    // Bounds with room for a shared 2-core machine (31 ms and 78 ms measured at a load average of 4); built on
    // the event loop, the same downloads stalled it 1.4 s and /api/setting took 6 s.
    expect(longestStallMs).toBeLessThan(300);
    expect(slowestSetting).toBeLessThan(1000);
  });
});
