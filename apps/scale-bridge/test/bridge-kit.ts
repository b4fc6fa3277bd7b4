import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BridgeReport, BridgeReportSchema } from '@portal/contract';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { SerialPort } from 'serialport';
import type { Logger } from '../src/log';
import type { SerialSettings } from '../src/serial-connection';

// TypeBox checks formats only once they are registered; the API's validator knows date-time and uuid.
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
if (!FormatRegistry.Has('uuid'))
  FormatRegistry.Set('uuid', (value) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  );

/** What the portal received: one entry per PUT, with its Authorization header. */
export interface ReceivedReport {
  authorization: string | undefined;
  report: BridgeReport;
}

/**
 * An HTTP server on loopback standing in for the portal: each request's JSON body goes to `answer`,
 * which writes the reply.
 */
export async function startLoopbackJsonServer(
  answer: (request: IncomingMessage, body: unknown, response: ServerResponse) => void,
) {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => answer(request, JSON.parse(body), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A stand-in for the portal's PUT /api/scale/bridge/report on loopback: 204 for the right key
 * (`accept` can be turned off to answer 401), every body checked against the contract's schema.
 */
export async function startRecordingPortal(bridgeKey: string) {
  const received: ReceivedReport[] = [];
  const invalid: unknown[] = [];
  const state = { accept: true };
  const server = await startLoopbackJsonServer((request, report, response) => {
    const { authorization } = request.headers;
    if (request.method !== 'PUT' || request.url !== '/api/scale/bridge/report') invalid.push(request.url);
    if (!Value.Check(BridgeReportSchema, report)) invalid.push(report);
    received.push({ authorization, report: report as BridgeReport });
    response.writeHead(state.accept && authorization === `Bridge ${bridgeKey}` ? 204 : 401).end();
  });
  return {
    ...server,
    received,
    invalid,
    state,
    latest: () => received.at(-1)?.report,
  };
}

/** A log the test reads back. */
export function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), warn: (line) => lines.push(line) };
}

/** A temp dir for a pty pair's two links, removed with `remove`. */
export async function tempLinks() {
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-bridge-test-'));
  return {
    bridgeSide: path.join(dir, 'bridge'),
    scaleSide: path.join(dir, 'scale'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The indicator's end of the line, opened with serialport at the given settings. */
/** 9600 baud, 8 data bits, no parity, 1 stop bit: how most indicators leave the factory. */
export const eightNoneOne = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

export async function openScaleEnd(portPath: string, line: Omit<SerialSettings, 'path'> = eightNoneOne) {
  const port = new SerialPort({ ...line, path: portPath, autoOpen: false });
  // socat going away under the test (an unplug) closes this end with an error: expected.
  port.on('error', () => {});
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  return {
    port,
    async write(bytes: Uint8Array) {
      await new Promise<void>((resolve, reject) =>
        port.write(bytes, (error) => (error ? reject(error) : resolve())),
      );
      await new Promise<void>((resolve) => port.drain(() => resolve()));
    },
    /** One byte per write, as a slow line delivers them. */
    async writeByteByByte(bytes: Uint8Array) {
      for (const byte of bytes) await this.write(Uint8Array.of(byte));
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}
