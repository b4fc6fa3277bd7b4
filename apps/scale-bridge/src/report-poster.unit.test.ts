import type { BridgeCommand, BridgeReport, ScaleCommandOutcome } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { postDue, ReportSender } from './report-poster';

const schedule = { postIntervalMs: 200, heartbeatMs: 5000 };
const report = (status: BridgeReport['status'], weightKg?: number, readAt = 0): BridgeReport => ({
  status,
  statusSince: '2026-01-01T00:00:00.000Z',
  reading:
    weightKg === undefined
      ? null
      : {
          weightKg,
          mode: 'gross',
          stable: status === 'ok',
          range: 'ok',
          rawFrame: '',
          readAt: new Date(readAt).toISOString(),
        },
});

describe('when to post', () => {
  it('posts the first report, and every status change at once', () => {
    expect(postDue(null, report('disconnected'), 0, schedule)).toBe(true);
    expect(postDue({ report: report('motion', 10), at: 1000 }, report('ok', 10), 1001, schedule)).toBe(true);
  });

  it('posts a new frame at most every postIntervalMs, though it says the same weight', () => {
    const last = { report: report('ok', 100, 1000), at: 1000 };
    expect(postDue(last, report('ok', 100, 1190), 1199, schedule)).toBe(false);
    expect(postDue(last, report('ok', 100, 1190), 1200, schedule)).toBe(true);
    expect(postDue(last, report('motion', 200, 1190), 1200, schedule)).toBe(true);
  });

  it('with no new frame, posts only the heartbeat', () => {
    const last = { report: report('ok', 100, 1000), at: 1000 };
    expect(postDue(last, report('ok', 100, 1000), 5999, schedule)).toBe(false);
    expect(postDue(last, report('ok', 100, 1000), 6000, schedule)).toBe(true);
  });
});

describe('report sender', () => {
  const setup = (
    post: (report: BridgeReport) => Promise<BridgeCommand[]>,
    runCommand: (command: BridgeCommand) => ScaleCommandOutcome = () => 'sent',
  ) => {
    let now = 0;
    let current = report('disconnected');
    const warnings: string[] = [];
    const counted = { postsOk: 0, postsFailed: 0 };
    const sender = new ReportSender(
      post,
      schedule,
      () => current,
      () => now,
      { info: () => {}, warn: (message) => warnings.push(message) },
      counted,
      runCommand,
    );
    return {
      sender,
      warnings,
      counted,
      set: (next: BridgeReport, ms: number) => {
        current = next;
        now = ms;
      },
    };
  };

  it('posts one report at a time, then whatever changed meanwhile', async () => {
    const posted: BridgeReport[] = [];
    const { sender, set } = setup(async (sent) => {
      posted.push(sent);
      return [];
    });
    sender.offer();
    set(report('ok', 10), 1);
    sender.offer();
    await sender.settle();
    expect(posted.map((each) => each.status)).toEqual(['disconnected', 'ok']);
  });

  it('logs a failure once per reason, backs off (0.5, 1, 2 … 10 s) and never throws', async () => {
    let fail = true;
    const { sender, warnings, counted, set } = setup(async () => {
      if (fail) throw new Error('the portal answered 503');
      return [];
    });
    // 30 s of ticks every 100 ms with the portal down, the status flapping: a post at 0, 0.5, 1.5, 3.5, 7.5, 15.5, 25.5 s.
    for (let ms = 0; ms < 30_000; ms += 100) {
      set(report(ms % 400 ? 'disconnected' : 'error'), ms);
      sender.offer();
      await sender.settle();
    }
    expect(counted).toEqual({ postsOk: 0, postsFailed: 7 });
    expect(warnings).toEqual([
      'could not post the scale report (the portal answered 503); retrying (1 failed so far)',
    ]);
    fail = false;
    set(report('ok', 10), 35_500);
    sender.offer();
    await sender.settle();
    expect(counted.postsOk).toBe(1);
    // Working again: the next post is not held back.
    set(report('motion', 20), 35_501);
    sender.offer();
    await sender.settle();
    expect(counted.postsOk).toBe(2);
  });

  it('runs the commands the portal hands over at once, and sends their outcomes with the next report without waiting', async () => {
    const posted: BridgeReport[] = [];
    const handedOver: BridgeCommand[][] = [
      [
        { id: '7d0c3c1e-0000-4000-8000-000000000001', command: 'zero' },
        { id: '7d0c3c1e-0000-4000-8000-000000000002', command: 'print' },
      ],
    ];
    const ran: string[] = [];
    const { sender } = setup(
      async (sent) => {
        posted.push(sent);
        return handedOver.shift() ?? [];
      },
      ({ command }) => {
        ran.push(command);
        return command === 'zero' ? 'sent' : 'unsupported';
      },
    );
    sender.offer();
    await sender.settle();
    expect(ran).toEqual(['zero', 'print']);
    // Same report, same instant: only the outcomes made the second post due; nothing is due after it.
    expect(posted.map((each) => each.commandResults)).toEqual([
      undefined,
      [
        { id: '7d0c3c1e-0000-4000-8000-000000000001', outcome: 'sent' },
        { id: '7d0c3c1e-0000-4000-8000-000000000002', outcome: 'unsupported' },
      ],
    ]);
  });

  it('keeps the outcomes until a post of them succeeds', async () => {
    const posted: BridgeReport[] = [];
    let calls = 0;
    const { sender, set } = setup(async (sent) => {
      calls++;
      if (calls === 2) throw new Error('the portal answered 503');
      posted.push(sent);
      return calls === 1 ? [{ id: '7d0c3c1e-0000-4000-8000-000000000003', command: 'tare' }] : [];
    });
    sender.offer();
    await sender.settle();
    set(report('disconnected'), 500);
    sender.offer();
    await sender.settle();
    expect(posted.map((each) => each.commandResults)).toEqual([
      undefined,
      [{ id: '7d0c3c1e-0000-4000-8000-000000000003', outcome: 'sent' }],
    ]);
  });
});
