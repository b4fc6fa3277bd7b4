import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { scaleMessages } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { bridgedScale } from '../support/bridged-scale';

// Issue 29, defects 1 to 4 and 7: a real scale bridge reads a Toledo indicator on a socat pty pair and
// reports to the portal; the weigh-in through the API takes only a legal reading. The frames are
// written byte for byte from Mettler Toledo's continuous output format (Standard Interface Command
// Set, "Continuous output": STX, status words A, B and C, six digits of displayed weight, six of tare,
// CR), not from the bridge's own encoder.

const kit = useTicketPortal({ standardUser: true });

const STX = 0x02;
const CR = 0x0d;
/** Status word A: bit 5 always 1, bits 3–4 increment ×1 (01), bits 0–2 decimal point none (010). */
const swaWholeKg = 0b0010_1010;
/** Status word B: bit 5 always 1; bit 4 kg, bit 3 motion, bit 2 out of range, bit 1 negative, bit 0 net. */
const swb = { stableGrossKg: 0x30, motionKg: 0x38, overRangeKg: 0x34, netKg: 0x31 } as const;
/** Status word C: bit 5 always 1, nothing else set (bits 0–2 unit 000: lb or kg, as status word B says). */
const swcPlain = 0b0010_0000;
/** A tonne terminal: status word A decimal point XXXX.XX (100), status word C bits 0–2 metric tons (010). */
const tonnes = { swa: 0b0010_1100, swc: 0b0010_0010 } as const;

const digits = (value: number) => String(value).padStart(6, '0');

/** How the indicator is set up: its status words A and C, a checksum after the CR, and bytes between frames. */
interface IndicatorSetup {
  swa: number;
  swc: number;
  checksum: boolean;
  between: string;
}
const wholeKgTerminal: IndicatorSetup = { swa: swaWholeKg, swc: swcPlain, checksum: false, between: '' };

/** The checksum: the two's complement of the 7 low-order bits of the sum of every byte before it, STX and CR included. */
const checksumByte = (bytes: Buffer) => -bytes.reduce((sum, byte) => sum + byte, 0) & 0x7f;

const toledoFrame = (setup: IndicatorSetup, statusB: number, weight: number, tare = 0) => {
  const frame = Buffer.concat([
    Buffer.from([STX, setup.swa, statusB, setup.swc]),
    Buffer.from(`${digits(weight)}${digits(tare)}`, 'latin1'),
    Buffer.from([CR]),
  ]);
  return Buffer.concat([
    frame,
    Buffer.from(setup.checksum ? [checksumByte(frame)] : []),
    Buffer.from(setup.between, 'latin1'),
  ]);
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A scale whose bridge reads an indicator that streams `frame` every 66 ms (Toledo's 15 Hz) until
 * changed; the bridge learns whether a checksum follows (SCALE_TOLEDO_CHECKSUM=auto, its default).
 */
async function streamingScale(setup: IndicatorSetup = wholeKgTerminal) {
  let frame = toledoFrame(setup, swb.stableGrossKg, 0);
  const { scale, live, stopBridge } = await bridgedScale(kit, cleanups, {
    protocol: 'toledo',
    frame: () => frame,
  });
  // The empty deck has been seen: the first truck may be weighed.
  await expect.poll(async () => (await live()).zeroedSinceWeighing, { timeout: 5_000 }).toBe(true);
  return {
    scale,
    live,
    /** The indicator shows this from now on; resolves once the portal shows its weight (`shownKg`, in KG). */
    async show(statusB: number, weight: number, tare = 0, shownKg = weight) {
      frame = toledoFrame(setup, statusB, weight, tare);
      await expect.poll(async () => (await live()).currentWeight, { timeout: 5_000 }).toBe(shownKg);
    },
    stopBridge,
  };
}

const refusedWith = (response: { statusCode: number; body: string; json<T>(): T }, reason: string) => {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json<{ message: string }>().message).toBe(reason);
};

describe('weighing from a Toledo indicator through a real bridge', () => {
  it('refuses motion, over range and net mode as the indicator reports them; weighs the legal reading', async () => {
    const { scale, live, show } = await streamingScale();
    const material = await kit.material(`Fill ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(14_000);
    const weigh = () =>
      kit.call(
        'PUT',
        '/api/ticket/weigh',
        { ticketId: ticket.id, materialId: material.id, weight: 1, scaleId: scale.id },
        kit.standard,
      );

    // Defect 1: SWB 0x38, 25 360 kg held in motion well past the old 0.5 s "held within a division" rule.
    await show(swb.motionKg, 25_360);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await live()).toMatchObject({ currentWeight: 25_360, stable: false, status: 'motion' });
    refusedWith(await weigh(), scaleMessages.notStable);
    // Defect 2: SWB bit 2, 62 000 kg over range.
    await show(swb.overRangeKg, 62_000);
    expect(await live()).toMatchObject({ range: 'over', notWeighableBecause: scaleMessages.overRange });
    refusedWith(await weigh(), scaleMessages.overRange);
    // Defect 3: SWB bit 0, net 24 020 kg with the indicator's tare 14 000 in the tare field.
    await show(swb.netKg, 24_020, 14_000);
    expect(await live()).toMatchObject({ mode: 'net', notWeighableBecause: scaleMessages.netMode });
    refusedWith(await weigh(), scaleMessages.netMode);
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, weight: null });

    // Stable, in range, gross: weighed, net = 38 020 − 14 000.
    await show(swb.stableGrossKg, 38_020);
    await expect.poll(async () => (await live()).notWeighableBecause).toBeNull();
    const weighed = await weigh();
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>()).toMatchObject({ weight: 24_020, isReceived: true });
    const history = await kit.call('GET', `/api/ticket/${ticket.id}/history`);
    const events =
      history.json<{ type: string; data: { scaleWeight?: number; source?: { stable: boolean } } }[]>();
    expect(events.filter((event) => event.type === 'TicketWeighed').map((event) => event.data)).toEqual([
      expect.objectContaining({ scaleWeight: 38_020, source: expect.objectContaining({ stable: true }) }),
    ]);
    // The next truck is on before the deck read zero: not weighed until it does.
    await show(swb.stableGrossKg, 36_000);
    expect(await live()).toMatchObject({
      zeroedSinceWeighing: false,
      notWeighableBecause: scaleMessages.notZeroed,
    });
  });

  it('a tonne terminal with a checksum and a line feed between frames is read in KG, and weighed so (defects 4 and 7)', async () => {
    const { scale, live, show } = await streamingScale({ ...tonnes, checksum: true, between: '\n' });
    const material = await kit.material(`Rock ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(14_000);
    // 002534 with the decimal point at XXXX.XX in metric tons: 25.34 t, never 25.34 kg.
    await show(swb.stableGrossKg, 2534, 0, 25_340);
    expect(await live()).toMatchObject({ indicatorUnit: 't', status: 'ok', notWeighableBecause: null });
    const weighed = await kit.call(
      'PUT',
      '/api/ticket/weigh',
      { ticketId: ticket.id, materialId: material.id, scaleId: scale.id },
      kit.standard,
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>().weight).toBe(11_340);
  });

  // Defect 5 (a bridge killed, no goodbye) is proved against the API in scales.int.test.ts; here the
  // bridge stops as a service stop does.
  it('the bridge stopped with a truck on the deck: its last weight is refused at once', async () => {
    const { scale, live, show, stopBridge } = await streamingScale();
    const { truck } = await kit.truckTicket(12_000);
    await show(swb.stableGrossKg, 31_000);
    await stopBridge();
    await expect
      .poll(async () => (await live()).notWeighableBecause, { timeout: 1_500, interval: 50 })
      .toBe(scaleMessages.noReading);
    refusedWith(
      await kit.call('POST', '/api/truck/tare/weight', { truckId: truck.id, scaleId: scale.id }),
      scaleMessages.noReading,
    );
    expect((await kit.call('GET', `/api/truck/${truck.id}`)).json()).toMatchObject({ tareWeight: 12_000 });
  });
});
