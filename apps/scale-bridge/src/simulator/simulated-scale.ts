import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SerialPort } from 'serialport';
import type { Logger } from '../log';
import type { ProtocolName } from '../protocols/protocol';
import { scaleProtocol } from '../protocols/protocols';
import type { SerialSettings } from '../serial-connection';
import { fromKg, type WeightUnit } from '../units';
import { openPtyPair } from './socat-pty';
import { defaultTruckCycle, type TruckCycle, truckScaleAt } from './truck-cycle';

export interface SimulatedScaleOptions {
  /** The serial device the simulated indicator writes to. */
  path: string;
  protocol: ProtocolName;
  /** Defaults: 9600 8N1. */
  serial?: Partial<Omit<SerialSettings, 'path'>>;
  cycle?: TruckCycle;
  /** Frames per second for the streaming protocols (Toledo defaults to 15, the others to 10). */
  rateHz?: number;
  unit?: WeightUnit;
  divisionKg?: number;
  /** Toledo: append the checksum byte (default true). */
  toledoChecksum?: boolean;
  /** The template protocol's frame (docs/scale-bridge.md, "Template"). */
  template?: string;
  log?: Logger;
}

export interface SimulatedScale {
  stop(): Promise<void>;
}

// Decimals that show the division in the chosen unit: 20 kg is 0.02 t.
const decimalsFor = (divisionKg: number, unit: WeightUnit): number =>
  Math.max(0, Math.ceil(-Math.log10(fromKg(divisionKg, unit)) - 1e-9));

/**
 * A weighbridge indicator on a serial device, weighing one truck after another (truck-cycle.ts):
 * streaming frames at `rateHz`, or, for the formats that speak only when asked (SMA, MT-SICS, Rice
 * Lake's XG), answering each poll.
 */
export async function startSimulatedScale(options: SimulatedScaleOptions): Promise<SimulatedScale> {
  const { protocol: name, unit = 'kg', divisionKg = 20, cycle = defaultTruckCycle } = options;
  const protocol = scaleProtocol(name, {
    toledoChecksum: options.toledoChecksum === false ? 'off' : 'on',
    template: options.template ?? null,
  });
  const decimals = decimalsFor(divisionKg, unit);
  const started = Date.now();
  const frameNow = () => {
    const { weightKg, motion } = truckScaleAt(Date.now() - started, cycle, divisionKg);
    const weight = Number(fromKg(weightKg, unit).toFixed(decimals));
    // Rice Lake's answer to XG has no motion flag.
    const flag = name === 'rice-lake-print' ? null : motion;
    return protocol.encode({ weight, unit, decimals, mode: 'gross', motion: flag, range: 'ok' });
  };
  frameNow(); // a unit the protocol cannot carry fails here, before the port opens

  const port = new SerialPort({
    baudRate: 9600,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
    ...options.serial,
    path: options.path,
    autoOpen: false,
  });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  port.on('error', (error) => options.log?.warn(`simulated scale: ${error.message}`));

  let timer: NodeJS.Timeout | undefined;
  const poll = protocol.pollOnly ? protocol.poll?.toString('latin1') : undefined;
  if (poll) {
    let heard = '';
    port.on('data', (chunk: Buffer) => {
      heard += chunk.toString('latin1');
      for (let at = heard.indexOf(poll); at !== -1; at = heard.indexOf(poll)) {
        heard = heard.slice(at + poll.length);
        port.write(frameNow());
      }
      heard = heard.slice(-poll.length);
    });
  } else {
    const rateHz = options.rateHz ?? (name === 'toledo' ? 15 : 10);
    timer = setInterval(() => port.write(frameNow()), 1000 / rateHz);
  }
  return {
    async stop() {
      clearInterval(timer);
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
}

export interface SimulatedScaleOnPty {
  /** Open this one with the bridge. */
  bridgeSide: string;
  scaleSide: string;
  stop(): Promise<void>;
}

/**
 * A simulated scale on its own socat pty pair, for the portal's "Simulated scale": the bridge
 * opens `bridgeSide`. Throws when socat is missing. Links go in `dir`, or a temp dir removed on stop.
 */
export async function startSimulatedScaleOnPty(
  options: Omit<SimulatedScaleOptions, 'path'> & { dir?: string },
): Promise<SimulatedScaleOnPty> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'simulated-scale-')));
  const removeDir = () => (options.dir ? Promise.resolve() : rm(dir, { recursive: true, force: true }));
  const pair = await openPtyPair({
    bridgeSide: path.join(dir, 'bridge'),
    scaleSide: path.join(dir, 'scale'),
  }).catch(async (error: unknown) => {
    await removeDir();
    throw error;
  });
  const scale = await startSimulatedScale({ ...options, path: pair.scaleSide }).catch(
    async (error: unknown) => {
      await pair.stop();
      await removeDir();
      throw error;
    },
  );
  return {
    bridgeSide: pair.bridgeSide,
    scaleSide: pair.scaleSide,
    async stop() {
      await scale.stop();
      await pair.stop();
      await removeDir();
    },
  };
}
