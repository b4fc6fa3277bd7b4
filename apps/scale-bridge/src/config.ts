import { readFileSync } from 'node:fs';
import { parsePortAddress } from './port-connection';
import type { MtSicsMode } from './protocols/mt-sics';
import { protocolNames } from './protocols/protocol';
import { scaleProtocol } from './protocols/protocols';
import type { RiceLakeTons } from './protocols/rice-lake';
import { templateFormat } from './protocols/template';
import type { ToledoChecksum } from './protocols/toledo';
import type { ProtocolSetting, ScaleBridgeConfig } from './scale-bridge';
import { parities, type SerialSettings } from './serial-connection';

/** A setting the bridge cannot run with; its message is one line, fit to print as is. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const given = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

export function oneOf<T extends string | number>(
  env: Env,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const choice = choices.find((each) => String(each) === value);
  if (choice === undefined)
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}; got "${value}"`);
  return choice;
}

/** A number setting; `above` for a bound the value may not equal (a division of 0 kg makes no sense). */
export function number(
  env: Env,
  name: string,
  fallback: number,
  rule: { min: number; integer?: boolean } | { above: number },
): number {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  const integer = 'integer' in rule && rule.integer;
  const bound = 'above' in rule ? `above ${rule.above}` : `at least ${rule.min}`;
  const inRange = 'above' in rule ? parsed > rule.above : parsed >= rule.min;
  if (!Number.isFinite(parsed) || (integer && !Number.isInteger(parsed)) || !inRange) {
    throw new ConfigError(
      `${name} must be ${integer ? 'a whole number' : 'a number'} ${bound}; got "${value}"`,
    );
  }
  return parsed;
}

function portalUrl(env: Env): string {
  const value = given(env, 'PORTAL_URL') ?? 'http://127.0.0.1:3000';
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`PORTAL_URL must be an http:// or https:// address; got "${value}"`);
  }
  return value;
}

function bridgeKey(env: Env, readFile: (path: string) => string): string {
  const inline = given(env, 'SCALE_BRIDGE_KEY');
  const file = given(env, 'SCALE_BRIDGE_KEY_FILE');
  if (inline && file) throw new ConfigError('set SCALE_BRIDGE_KEY or SCALE_BRIDGE_KEY_FILE, not both');
  if (!inline && !file) throw new ConfigError('SCALE_BRIDGE_KEY (or SCALE_BRIDGE_KEY_FILE) is required');
  let key = inline;
  if (file) {
    try {
      key = readFile(file).trim();
    } catch (error) {
      throw new ConfigError(`cannot read SCALE_BRIDGE_KEY_FILE ${file}: ${(error as Error).message}`);
    }
  }
  // The key goes into an HTTP header: printable ASCII only. The message never shows it.
  if (!key || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ConfigError('the bridge key must be printable ASCII without spaces');
  }
  return key;
}

/** Line settings under the names the caller reads them by (env vars here, flags in the simulator). */
export function lineSettings(
  env: Env,
  names: { baudRate: string; dataBits: string; parity: string; stopBits: string },
): Omit<SerialSettings, 'path'> {
  return {
    baudRate: number(env, names.baudRate, 9600, { min: 1, integer: true }),
    dataBits: oneOf(env, names.dataBits, [5, 6, 7, 8] as const, 8),
    parity: oneOf(env, names.parity, parities, 'none'),
    stopBits: oneOf(env, names.stopBits, [1, 1.5, 2] as const, 1),
  };
}

const pollsByDefault = (protocol: ProtocolSetting) =>
  protocol === 'auto' ||
  (protocol !== 'template' && scaleProtocol(protocol, { toledoChecksum: 'auto' }).pollOnly === true);

/** SCALE_TEMPLATE, checked: a scale set to the template protocol cannot run without a good one. */
function template(env: Env, protocol: ProtocolSetting): string | null {
  const value = env.SCALE_TEMPLATE ?? '';
  if (protocol !== 'template') return value === '' ? null : value;
  if (value === '')
    throw new ConfigError('SCALE_PROTOCOL=template needs SCALE_TEMPLATE, e.g. <STX><P><W7><U><M><S><CR><LF>');
  try {
    templateFormat(value);
  } catch (error) {
    throw new ConfigError(`SCALE_TEMPLATE ${(error as Error).message}; got "${value}"`);
  }
  return value;
}

/** The bridge's settings from its environment (docs/scale-bridge.md, "Configuration"). */
export function configFromEnv(
  env: Env,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): ScaleBridgeConfig {
  const path = given(env, 'SCALE_PORT');
  if (!path)
    throw new ConfigError(
      'SCALE_PORT (the serial device, e.g. /dev/ttyUSB0, or tcp://host:port or rfc2217://host:port) is required',
    );
  try {
    parsePortAddress(path);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const protocol = oneOf<ProtocolSetting>(env, 'SCALE_PROTOCOL', [...protocolNames, 'auto'], 'auto');
  const serial: SerialSettings = {
    path,
    ...lineSettings(env, {
      baudRate: 'SCALE_BAUD',
      dataBits: 'SCALE_DATA_BITS',
      parity: 'SCALE_PARITY',
      stopBits: 'SCALE_STOP_BITS',
    }),
  };
  const metricsPort = number(env, 'SCALE_BRIDGE_METRICS_PORT', 9464, { min: 0, integer: true });
  if (metricsPort > 65_535)
    throw new ConfigError(`SCALE_BRIDGE_METRICS_PORT must be at most 65535; got ${metricsPort}`);
  return {
    serial,
    protocol,
    toledoChecksum: oneOf<ToledoChecksum>(env, 'SCALE_TOLEDO_CHECKSUM', ['auto', 'on', 'off'], 'auto'),
    riceLakeTons: oneOf<RiceLakeTons>(env, 'SCALE_RICE_LAKE_TONS', ['t', 'ton'], 't'),
    // MT-SICS level 0 does not say gross or net: the terminal's use does (protocols/mt-sics.ts).
    mtSicsMode: oneOf<MtSicsMode>(env, 'SCALE_MTSICS_MODE', ['net', 'gross'], 'net'),
    template: template(env, protocol),
    divisionKg: number(env, 'SCALE_DIVISION_KG', 10, { above: 0 }),
    stableAfterMs: number(env, 'SCALE_STABLE_AFTER_MS', 500, { min: 0, integer: true }),
    // The indicator's motion flag is final; only an indicator that has none is judged by the bridge.
    noMotionFlag: oneOf(env, 'SCALE_NO_MOTION_FLAG', ['on', 'off'], 'off') === 'on',
    // SMA, MT-SICS and Rice Lake's XG speak only when asked, and `auto` must ask to find them; the
    // others stream unless set to answer polls.
    pollMs: number(env, 'SCALE_POLL_MS', pollsByDefault(protocol) ? 200 : 0, { min: 0, integer: true }),
    frameTimeoutMs: number(env, 'SCALE_FRAME_TIMEOUT_MS', 2000, { min: 1, integer: true }),
    portalUrl: portalUrl(env),
    bridgeKey: bridgeKey(env, readFile),
    postIntervalMs: number(env, 'SCALE_POST_INTERVAL_MS', 200, { min: 10, integer: true }),
    // The portal calls a bridge silent for 1.5 s disconnected: a heartbeat of at most a second keeps it live.
    heartbeatMs: number(env, 'SCALE_HEARTBEAT_MS', 1000, { min: 100, integer: true }),
    postTimeoutMs: number(env, 'SCALE_POST_TIMEOUT_MS', 2000, { min: 1, integer: true }),
    // A replugged port is reopened within a second (a missing one is looked for once a second).
    reconnect: { initialMs: 250, maxMs: 1000 },
    // 0 turns the server off here; the programmatic config's port 0 means "any free port".
    metrics:
      metricsPort === 0
        ? null
        : {
            host: given(env, 'SCALE_BRIDGE_METRICS_HOST') ?? '127.0.0.1',
            port: metricsPort,
            token: given(env, 'METRICS_TOKEN') ?? null,
          },
  };
}
