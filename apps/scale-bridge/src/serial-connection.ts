import { SerialPort } from 'serialport';
import type { OpenedPort } from './port-connection';

export const parities = ['none', 'even', 'odd', 'mark', 'space'] as const;

export interface SerialSettings {
  /** The serial device (/dev/ttyUSB0), or a serial-to-Ethernet server's tcp:// or rfc2217:// address. */
  path: string;
  baudRate: number;
  dataBits: 5 | 6 | 7 | 8;
  parity: (typeof parities)[number];
  stopBits: 1 | 1.5 | 2;
}

/** Weighbridge indicators often run 7E1; the summary says which settings a port was opened with. */
export const describeSerial = ({ path, baudRate, dataBits, parity, stopBits }: SerialSettings): string =>
  `${path} ${baudRate} ${dataBits}${parity[0]?.toUpperCase()}${stopBits}`;

/** Opens the serial device at its line settings; rejects when it cannot (missing, busy, no permission). */
export async function openSerialPort(settings: SerialSettings): Promise<OpenedPort> {
  const port = new SerialPort({ ...settings, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  return {
    stream: port,
    close: () =>
      new Promise<void>((resolve) => {
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}
