/**
 * `npm run scale:simulate -- --protocol toledo --port /dev/pts/3`: a weighbridge indicator on a
 * serial device, weighing one truck after another. Without --port it makes its own socat pty pair
 * and prints the device to point the bridge at. Flags: docs/scale-bridge.md, "Simulator".
 */
import { parseArgs } from 'node:util';
import { ConfigError, lineSettings, number, oneOf } from './config';
import { consoleLogger } from './log';
import { protocolNames } from './protocols/protocol';
import { describeSerial } from './serial-connection';
import { startSimulatedScale, startSimulatedScaleOnPty } from './simulator/simulated-scale';
import { defaultTruckCycle, scaleCycle } from './simulator/truck-cycle';
import { weightUnits } from './units';

const text = { type: 'string' } as const;

function options() {
  const { values } = parseArgs({
    options: {
      protocol: text,
      port: text,
      baud: text,
      'data-bits': text,
      parity: text,
      'stop-bits': text,
      unit: text,
      rate: text,
      'cycle-seconds': text,
      'division-kg': text,
      'no-checksum': { type: 'boolean' },
      template: text,
    },
  });
  // The flags read like env vars to the bridge's own checks, so both refuse the same values.
  const env = Object.fromEntries(Object.entries(values).map(([flag, value]) => [`--${flag}`, String(value)]));
  const cycleSeconds = number(env, '--cycle-seconds', 0, { min: 0 });
  return {
    port: values.port,
    protocol: oneOf(env, '--protocol', protocolNames, 'toledo'),
    serial: lineSettings(env, {
      baudRate: '--baud',
      dataBits: '--data-bits',
      parity: '--parity',
      stopBits: '--stop-bits',
    }),
    unit: oneOf(env, '--unit', weightUnits, 'kg'),
    rateHz: values.rate === undefined ? undefined : number(env, '--rate', 10, { above: 0 }),
    divisionKg: number(env, '--division-kg', 20, { above: 0 }),
    cycle: cycleSeconds > 0 ? scaleCycle(defaultTruckCycle, cycleSeconds * 1000) : defaultTruckCycle,
    toledoChecksum: !values['no-checksum'],
    ...(values.template ? { template: values.template } : {}),
    log: consoleLogger,
  };
}

try {
  const { port, ...settings } = options();
  const onPty = port ? null : await startSimulatedScaleOnPty(settings);
  const scale = onPty ?? (await startSimulatedScale({ ...settings, path: port ?? '' }));
  const device = onPty?.scaleSide ?? port ?? '';
  console.log(
    `Simulated ${settings.protocol} scale on ${describeSerial({ ...settings.serial, path: device })}.`,
  );
  if (onPty) {
    const { baudRate, dataBits, parity, stopBits } = settings.serial;
    console.log(
      `Point the bridge at it: SCALE_PORT=${onPty.bridgeSide} SCALE_PROTOCOL=${settings.protocol} ` +
        `SCALE_BAUD=${baudRate} SCALE_DATA_BITS=${dataBits} SCALE_PARITY=${parity} SCALE_STOP_BITS=${stopBits}`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      scale.stop().then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`scale:simulate: ${error instanceof Error ? error.message : String(error)}`);
  // Bad flags exit 2, like the bridge's bad settings: parseArgs throws TypeErrors, an encoder
  // asked for a unit its protocol cannot carry a RangeError.
  const badFlags = error instanceof ConfigError || error instanceof TypeError || error instanceof RangeError;
  process.exit(badFlags ? 2 : 1);
}
