import type { Writable } from 'node:stream';
import { SerialPort } from 'serialport';
import type { Logger } from './log';

export const parities = ['none', 'even', 'odd', 'mark', 'space'] as const;

export interface SerialSettings {
  path: string;
  baudRate: number;
  dataBits: 5 | 6 | 7 | 8;
  parity: (typeof parities)[number];
  stopBits: 1 | 1.5 | 2;
}

/** Weighbridge indicators often run 7E1; the summary says which settings a port was opened with. */
export const describeSerial = ({ path, baudRate, dataBits, parity, stopBits }: SerialSettings): string =>
  `${path} ${baudRate} ${dataBits}${parity[0]?.toUpperCase()}${stopBits}`;

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

interface SerialConnection {
  /** Sends bytes (a poll) when the port is open; dropped otherwise. */
  write(bytes: Buffer): void;
  close(): Promise<void>;
}

/**
 * Keeps the port open: a port that cannot be opened, or that vanishes (USB adapter unplugged, pty
 * gone), is opened again after a delay that doubles up to `maxMs`. Each opening pipes the port into
 * a fresh sink from `onOpen`, so no half frame from before carries over.
 */
export function keepSerialPortOpen(
  settings: SerialSettings,
  backoff: Backoff,
  events: { onOpen(): Writable; onClose(): void },
  log: Logger,
): SerialConnection {
  let delay = backoff.initialMs;
  let port: SerialPort | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastFailure = '';
  const name = describeSerial(settings);

  const scheduleOpen = () => {
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, backoff.maxMs);
  };

  const open = () => {
    const candidate = new SerialPort({ ...settings, autoOpen: false });
    candidate.open((error) => {
      if (stopped) {
        if (!error) candidate.close();
        return;
      }
      if (error) {
        // Logged once per reason: a port that stays missing would otherwise log every 5 s.
        if (error.message !== lastFailure) log.warn(`cannot open ${name}: ${error.message}; retrying`);
        lastFailure = error.message;
        scheduleOpen();
        return;
      }
      log.info(`opened ${name}`);
      delay = backoff.initialMs;
      lastFailure = '';
      port = candidate;
      const sink = events.onOpen();
      candidate.pipe(sink);
      // Errors after opening (a failed write) end in 'close', which reopens; they are logged only.
      candidate.on('error', (portError) => log.warn(`${name}: ${portError.message}`));
      candidate.once('close', () => {
        port = null;
        candidate.unpipe(sink);
        sink.destroy();
        events.onClose();
        if (stopped) return;
        log.warn(`lost ${name}; reopening`);
        scheduleOpen();
      });
    });
  };

  open();
  return {
    write(bytes) {
      if (port?.isOpen) port.write(bytes);
    },
    async close() {
      stopped = true;
      clearTimeout(retry);
      const open = port;
      if (open?.isOpen) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
