import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { BridgeReport } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLog, startLoopbackJsonServer, startRecordingPortal } from '../test/bridge-kit';
import { configFromEnv } from './config';
import { frame } from './protocols/test-frames';
import { encodeToledo } from './protocols/toledo';
import { startScaleBridge } from './scale-bridge';

// A scale cabled to a serial-to-Ethernet server (issue 29): the server is a real TCP listener on
// loopback standing in for a Moxa NPort or ser2net, streaming Toledo frames at 15 Hz; the bridge
// posts to a real HTTP receiver on loopback.

const key = 'scale-9-Tc5vN2qR';
const poll = { timeout: 10_000, interval: 10 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** RFC 854 and RFC 2217's numbers, written here from the RFCs. */
const IAC = 255;
const WILL = 251;
const DO = 253;
const SB = 250;
const SE = 240;
const COM_PORT_OPTION = 44;

/**
 * What the server heard: the serial data for the indicator (IACs undoubled), and under Telnet the
 * negotiations as [verb, option] and the subnegotiations' payloads.
 */
interface Heard {
  data: number[];
  negotiations: [number, number][];
  subnegotiations: number[][];
}

/**
 * A serial-to-Ethernet server on `port` (0: any) streaming `weight` as Toledo frames. With `telnet`
 * it speaks RFC 2217 as ser2net does: DO COM-PORT-OPTION, binary both ways, an answer (code + 100)
 * to each setting; it also offers ECHO, which a scale's client must refuse. `kill` ends it and its
 * connections at once (a server restarted or switched off).
 */
async function startSerialServer(options: { port?: number; telnet: boolean; weight: () => number }) {
  const heard: Heard = { data: [], negotiations: [], subnegotiations: [] };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (options.telnet) {
      socket.write(Buffer.from([IAC, WILL, 1]));
      socket.on('data', (bytes: Buffer) => readTelnet(bytes, socket, heard));
    } else socket.on('data', (bytes: Buffer) => heard.data.push(...bytes));
    const timer = setInterval(() => {
      const bytes = encodeToledo(frame({ weight: options.weight() }), { checksum: false });
      socket.write(bytes);
    }, 66);
    socket.on('close', () => clearInterval(timer));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    port,
    heard,
    async kill() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Telnet reader good enough for whole commands per chunk (the bridge sends each in one write). */
function readTelnet(bytes: Buffer, socket: Socket, heard: Heard): void {
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] !== IAC) {
      heard.data.push(bytes[at] ?? 0);
      continue;
    }
    const verb = bytes[at + 1] ?? 0;
    if (verb === IAC) {
      heard.data.push(IAC);
      at += 1;
      continue;
    }
    if (verb >= WILL && verb <= 254) {
      const option = bytes[at + 2] ?? 0;
      heard.negotiations.push([verb, option]);
      // Binary and COM port control are welcome; the client's WILL gets DO, its DO gets WILL.
      if (verb === WILL && (option === COM_PORT_OPTION || option === 0))
        socket.write(Buffer.from([IAC, DO, option]));
      if (verb === DO && option === 0) socket.write(Buffer.from([IAC, WILL, option]));
      at += 2;
    } else if (verb === SB) {
      const payload: number[] = [];
      let end = at + 2;
      for (; end < bytes.length; end++) {
        if (bytes[end] === IAC && bytes[end + 1] === SE) break;
        if (bytes[end] === IAC && bytes[end + 1] === IAC) end++;
        payload.push(bytes[end] ?? 0);
      }
      heard.subnegotiations.push(payload);
      // The server answers a setting with the value it now uses, under the command's code + 100.
      const [option, command, ...value] = payload;
      socket.write(Buffer.from([IAC, SB, option ?? 0, (command ?? 0) + 100, ...value, IAC, SE]));
      at = end + 1;
    }
  }
}

async function bridgeOn(address: string, env: Record<string, string> = {}) {
  const portal = await startRecordingPortal(key);
  cleanups.push(portal.close);
  const log = recordingLog();
  const config = configFromEnv({
    SCALE_PORT: address,
    SCALE_PROTOCOL: 'toledo',
    SCALE_TOLEDO_CHECKSUM: 'off',
    SCALE_BRIDGE_KEY: key,
    PORTAL_URL: portal.url,
    ...env,
  });
  const bridge = await startScaleBridge({ ...config, metrics: null }, { log });
  cleanups.push(bridge.stop);
  return { portal, log, bridge };
}

describe.each([
  ['raw TCP', 'tcp', false],
  ['RFC 2217', 'rfc2217', true],
] as const)('a scale behind a serial-to-Ethernet server (%s)', (_name, scheme, telnet) => {
  it('posts its readings, shows disconnected while the server is down, and reads again within 1.5 s of its restart', async () => {
    let weight = 12_340;
    let server = await startSerialServer({ telnet, weight: () => weight });
    const { portal, log, bridge } = await bridgeOn(`${scheme}://127.0.0.1:${server.port}`);
    cleanups.push(() => server.kill());

    await expect.poll(() => portal.latest()?.reading?.weightKg, poll).toBe(12_340);
    expect(portal.latest()).toMatchObject({ status: 'ok', reading: { stable: true, mode: 'gross' } });
    expect(portal.invalid).toEqual([]);

    await server.kill();
    await expect.poll(() => portal.latest()?.status, poll).toBe('disconnected');
    expect(portal.latest()?.reading).toBeNull();
    // Down for a while: the bridge has backed off to its longest wait (1 s) between tries.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    weight = 20_000;
    server = await startSerialServer({ port: server.port, telnet, weight: () => weight });
    const restartedAt = Date.now();
    await expect.poll(() => portal.latest()?.reading?.weightKg, poll).toBe(20_000);
    const resumedAfterMs = Date.now() - restartedAt;
    console.log(`${scheme}: server restarted → first reading posted again after ${resumedAfterMs} ms`);
    expect(resumedAfterMs).toBeLessThan(1500);
    expect(bridge.stats.reconnects).toBe(1);
    expect(log.lines.filter((line) => line.startsWith('cannot open'))).toHaveLength(1);
    expect(log.lines.some((line) => line.startsWith(`lost ${scheme}://127.0.0.1:${server.port}`))).toBe(true);
  });
});

describe('the RFC 2217 negotiation', () => {
  it('sets the server’s serial line to SCALE_BAUD, DATA_BITS, PARITY and STOP_BITS, and refuses ECHO', async () => {
    const server = await startSerialServer({ telnet: true, weight: () => 5_000 });
    cleanups.push(() => server.kill());
    const { portal } = await bridgeOn(`rfc2217://127.0.0.1:${server.port}`, {
      SCALE_BAUD: '19200',
      SCALE_DATA_BITS: '7',
      SCALE_PARITY: 'odd',
      SCALE_STOP_BITS: '2',
    });
    await expect.poll(() => portal.latest()?.reading?.weightKg, poll).toBe(5_000);
    // WILL COM-PORT-OPTION (251 44), WILL and DO TRANSMIT-BINARY (251 0, 253 0), DONT ECHO (254 1).
    expect(server.heard.negotiations).toEqual(
      expect.arrayContaining([
        [251, 44],
        [251, 0],
        [253, 0],
        [254, 1],
      ]),
    );
    // SET-BAUDRATE 1 (19200 = 0x00004B00, four bytes, network order), SET-DATASIZE 2 (7),
    // SET-PARITY 3 (ODD = 2), SET-STOPSIZE 4 (2 = 2), in the RFC's recommended order.
    expect(server.heard.subnegotiations).toEqual([
      [44, 1, 0x00, 0x00, 0x4b, 0x00],
      [44, 2, 7],
      [44, 3, 2],
      [44, 4, 2],
    ]);
  });
});

/** A portal stand-in that hands the bridge one zero command once its port is open, and keeps the reports. */
async function startCommandingPortal() {
  const reports: BridgeReport[] = [];
  let handedOver = false;
  const server = await startLoopbackJsonServer((_request, body, response) => {
    const report = body as BridgeReport;
    reports.push(report);
    const portOpen = report.status !== 'disconnected';
    const commands = portOpen && !handedOver ? [{ id: commandId, command: 'zero' }] : [];
    handedOver ||= portOpen;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ commands }));
  });
  return { ...server, reports };
}

const commandId = '0b7e4c4a-9f1d-4d55-a8a8-3f0f5d1c2e77';

describe.each([
  ['raw TCP', 'tcp', false],
  ['RFC 2217', 'rfc2217', true],
] as const)('an indicator command to a scale behind a %s server', (_name, scheme, telnet) => {
  it('reaches the indicator as its format’s bytes, and the bridge reports it sent', async () => {
    const server = await startSerialServer({ telnet, weight: () => 0 });
    cleanups.push(() => server.kill());
    const portal = await startCommandingPortal();
    cleanups.push(portal.close);
    const config = configFromEnv({
      SCALE_PORT: `${scheme}://127.0.0.1:${server.port}`,
      SCALE_PROTOCOL: 'toledo',
      SCALE_TOLEDO_CHECKSUM: 'off',
      SCALE_BRIDGE_KEY: key,
      PORTAL_URL: portal.url,
    });
    const bridge = await startScaleBridge({ ...config, metrics: null }, { log: recordingLog() });
    cleanups.push(bridge.stop);
    await expect
      .poll(() => portal.reports.flatMap((report) => report.commandResults ?? []), poll)
      .toEqual([{ id: commandId, outcome: 'sent' }]);
    // Toledo's zero is the single character Z; under Telnet it came as data, not as a command.
    await expect.poll(() => Buffer.from(server.heard.data).toString('latin1'), poll).toBe('Z');
    expect(portal.reports.every((report) => report.acceptsCommands === true)).toBe(true);
  });
});
