import { connect, type Socket } from 'node:net';
import { Duplex, type Writable } from 'node:stream';
import type { Logger } from './log';
import { Rfc2217Session } from './rfc2217';
import { describeSerial, openSerialPort, type SerialSettings } from './serial-connection';

/**
 * Where the indicator's line is: a serial device, or a serial-to-Ethernet server (Moxa NPort,
 * Lantronix, ser2net…) as a raw TCP socket or as a Telnet session with COM port control (RFC 2217).
 */
type PortAddress = { kind: 'serial'; path: string } | { kind: 'tcp' | 'rfc2217'; host: string; port: number };

const networkSchemes = { 'tcp:': 'tcp', 'rfc2217:': 'rfc2217' } as const;

/** SCALE_PORT's text as an address; a RangeError, with a message fit to print, when it is none. */
export function parsePortAddress(text: string): PortAddress {
  if (!text.includes('://')) return { kind: 'serial', path: text };
  const url = URL.canParse(text) ? new URL(text) : null;
  const kind = url && networkSchemes[url.protocol as keyof typeof networkSchemes];
  const port = Number(url?.port);
  const onlyHostAndPort =
    url && url.username === '' && url.password === '' && ['', '/'].includes(url.pathname) && !url.search;
  if (!url || !kind || !url.hostname || !Number.isInteger(port) || port < 1 || !onlyHostAndPort)
    throw new RangeError(
      `SCALE_PORT must be a serial device, tcp://host:port or rfc2217://host:port; got "${text}"`,
    );
  // new URL keeps an IPv6 literal's brackets, which net.connect does not take.
  return { kind, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** A port as opened: its bytes both ways, and 'close' emitted on the stream when it goes away. */
export interface OpenedPort {
  stream: Duplex;
  close(): Promise<void>;
}

interface PortConnection {
  /** Sends bytes (a poll, a command) when the port is open: true if it was. */
  write(bytes: Buffer): boolean;
  close(): Promise<void>;
}

/** A server that is switched off answers nothing: give up on it after this and try again. */
const connectTimeoutMs = 3000;
/** TCP keepalive from this much idleness: a server that vanished without a word is noticed, then reopened. */
const keepAliveAfterMs = 5000;

function connectTcp(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port,
      noDelay: true,
      keepAlive: true,
      keepAliveInitialDelay: keepAliveAfterMs,
    });
    socket.setTimeout(connectTimeoutMs, () =>
      socket.destroy(new Error(`no answer within ${connectTimeoutMs} ms`)),
    );
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

const closeSocket = (socket: Socket) => (): Promise<void> =>
  new Promise((resolve) => {
    if (socket.closed) return resolve();
    socket.once('close', () => resolve());
    socket.destroy();
  });

/** The serial data of an RFC 2217 session over `socket`, as a stream: Telnet's bytes stay inside. */
function rfc2217Stream(socket: Socket, settings: SerialSettings, log: Logger, name: string): Duplex {
  const session = new Rfc2217Session(settings, (bytes) => socket.write(bytes), log, name);
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      socket.write(session.encode(chunk), done);
    },
    destroy(error, done) {
      socket.destroy();
      done(error);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    const data = session.receive(chunk);
    if (data.length > 0) stream.push(data);
  });
  socket.on('error', (error) => stream.destroy(error));
  socket.once('close', () => stream.destroy());
  session.start();
  return stream;
}

async function openPort(
  address: PortAddress,
  settings: SerialSettings,
  log: Logger,
  name: string,
): Promise<OpenedPort> {
  if (address.kind === 'serial') return openSerialPort(settings);
  const socket = await connectTcp(address.host, address.port);
  if (address.kind === 'tcp') return { stream: socket, close: closeSocket(socket) };
  return { stream: rfc2217Stream(socket, settings, log, name), close: closeSocket(socket) };
}

/** The serial line's settings matter only where the bridge sets them: a raw TCP server keeps its own. */
const describePort = (address: PortAddress, settings: SerialSettings): string =>
  address.kind === 'tcp' ? settings.path : describeSerial(settings);

/**
 * Keeps the port open: a port that cannot be opened, or that vanishes (USB adapter unplugged, pty
 * gone, server restarted), is opened again after a delay that doubles up to `maxMs`. Each opening
 * pipes the port into a fresh sink from `onOpen`, so no half frame from before carries over.
 */
export function keepPortOpen(
  settings: SerialSettings,
  backoff: Backoff,
  events: { onOpen(): Writable; onClose(): void },
  log: Logger,
): PortConnection {
  const address = parsePortAddress(settings.path);
  const name = describePort(address, settings);
  let delay = backoff.initialMs;
  let current: OpenedPort | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastFailure = '';

  const scheduleOpen = () => {
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, backoff.maxMs);
  };

  const opened = (port: OpenedPort) => {
    if (stopped) {
      void port.close();
      return;
    }
    log.info(`opened ${name}`);
    delay = backoff.initialMs;
    lastFailure = '';
    current = port;
    const sink = events.onOpen();
    port.stream.pipe(sink);
    // Errors after opening (a failed write, a reset connection) end in 'close', which reopens; they are logged only.
    port.stream.on('error', (error) => log.warn(`${name}: ${error.message}`));
    port.stream.once('close', () => {
      current = null;
      port.stream.unpipe(sink);
      sink.destroy();
      events.onClose();
      if (stopped) return;
      log.warn(`lost ${name}; reopening`);
      scheduleOpen();
    });
  };

  const open = () => {
    openPort(address, settings, log, name).then(opened, (error: Error) => {
      if (stopped) return;
      // Logged once per reason: a port that stays missing would otherwise log every second.
      if (error.message !== lastFailure) log.warn(`cannot open ${name}: ${error.message}; retrying`);
      lastFailure = error.message;
      scheduleOpen();
    });
  };

  open();
  return {
    write(bytes) {
      if (!current?.stream.writable) return false;
      current.stream.write(bytes);
      return true;
    },
    async close() {
      stopped = true;
      clearTimeout(retry);
      await current?.close();
    },
  };
}
