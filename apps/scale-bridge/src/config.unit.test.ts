import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config';

const minimal = { SCALE_PORT: '/dev/ttyUSB0', SCALE_BRIDGE_KEY: 'scale-1-secret' };
const noFile = () => {
  throw new Error('ENOENT: no such file');
};

describe('bridge configuration', () => {
  it('has defaults for everything but the port and the key', () => {
    expect(configFromEnv(minimal, noFile)).toEqual({
      serial: { path: '/dev/ttyUSB0', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
      protocol: 'auto',
      toledoChecksum: 'auto',
      riceLakeTons: 't',
      mtSicsMode: 'net',
      template: null,
      divisionKg: 10,
      stableAfterMs: 500,
      noMotionFlag: false,
      // `auto` polls the formats that speak only when asked, in turn, until it has detected one.
      pollMs: 200,
      frameTimeoutMs: 2000,
      portalUrl: 'http://127.0.0.1:3000',
      bridgeKey: 'scale-1-secret',
      postIntervalMs: 200,
      heartbeatMs: 1000,
      postTimeoutMs: 2000,
      reconnect: { initialMs: 250, maxMs: 1000 },
      metrics: { host: '127.0.0.1', port: 9464, token: null },
    });
  });

  it('reads a 7E1 Toledo at 1200 baud, and the rest of the settings', () => {
    const config = configFromEnv(
      {
        ...minimal,
        SCALE_BAUD: '1200',
        SCALE_DATA_BITS: '7',
        SCALE_PARITY: 'even',
        SCALE_STOP_BITS: '1',
        SCALE_PROTOCOL: 'toledo',
        SCALE_TOLEDO_CHECKSUM: 'on',
        SCALE_DIVISION_KG: '20',
        SCALE_STABLE_AFTER_MS: '800',
        SCALE_NO_MOTION_FLAG: 'on',
        PORTAL_URL: 'https://portal.example.com/',
        SCALE_BRIDGE_METRICS_PORT: '0',
      },
      noFile,
    );
    expect(config).toMatchObject({
      serial: { baudRate: 1200, dataBits: 7, parity: 'even', stopBits: 1 },
      protocol: 'toledo',
      toledoChecksum: 'on',
      divisionKg: 20,
      stableAfterMs: 800,
      noMotionFlag: true,
      portalUrl: 'https://portal.example.com/',
      metrics: null,
    });
  });

  it('polls SMA indicators every 200 ms unless told otherwise', () => {
    expect(configFromEnv({ ...minimal, SCALE_PROTOCOL: 'sma' }, noFile).pollMs).toBe(200);
    for (const protocol of ['mt-sics', 'rice-lake-print'])
      expect(configFromEnv({ ...minimal, SCALE_PROTOCOL: protocol }, noFile).pollMs).toBe(200);
    expect(configFromEnv({ ...minimal, SCALE_PROTOCOL: 'toledo' }, noFile).pollMs).toBe(0);
    expect(configFromEnv({ ...minimal, SCALE_PROTOCOL: 'sma', SCALE_POLL_MS: '500' }, noFile).pollMs).toBe(
      500,
    );
  });

  it('takes a serial-to-Ethernet server as SCALE_PORT: tcp://host:port or rfc2217://host:port', () => {
    for (const address of ['tcp://10.0.4.21:4001', 'rfc2217://nport-lane-2:2217', 'tcp://[fd00::21]:4001'])
      expect(configFromEnv({ ...minimal, SCALE_PORT: address }, noFile).serial.path).toBe(address);
  });

  it('reads the key from SCALE_BRIDGE_KEY_FILE, trimmed', () => {
    const { SCALE_PORT } = minimal;
    const config = configFromEnv({ SCALE_PORT, SCALE_BRIDGE_KEY_FILE: '/run/secrets/bridge' }, (path) =>
      path === '/run/secrets/bridge' ? 'from-file\n' : noFile(),
    );
    expect(config.bridgeKey).toBe('from-file');
  });

  it.each([
    [
      { SCALE_PORT: '' },
      'SCALE_PORT (the serial device, e.g. /dev/ttyUSB0, or tcp://host:port or rfc2217://host:port) is required',
    ],
    [{ SCALE_BRIDGE_KEY: '' }, 'SCALE_BRIDGE_KEY (or SCALE_BRIDGE_KEY_FILE) is required'],
    [{ SCALE_BRIDGE_KEY_FILE: '/k' }, 'set SCALE_BRIDGE_KEY or SCALE_BRIDGE_KEY_FILE, not both'],
    [{ SCALE_BRIDGE_KEY: 'two words' }, 'the bridge key must be printable ASCII without spaces'],
    [{ SCALE_BAUD: '96O0' }, 'SCALE_BAUD must be a whole number at least 1; got "96O0"'],
    [{ SCALE_DATA_BITS: '9' }, 'SCALE_DATA_BITS must be one of 5, 6, 7, 8; got "9"'],
    [{ SCALE_PARITY: 'E' }, 'SCALE_PARITY must be one of none, even, odd, mark, space; got "E"'],
    [{ SCALE_STOP_BITS: '3' }, 'SCALE_STOP_BITS must be one of 1, 1.5, 2; got "3"'],
    [
      { SCALE_PROTOCOL: 'mettler' },
      'SCALE_PROTOCOL must be one of toledo, sma, cardinal, cardinal-738, rice-lake, rice-lake-print, mt-sics, csv, template, auto; got "mettler"',
    ],
    [
      { SCALE_PROTOCOL: 'template' },
      'SCALE_PROTOCOL=template needs SCALE_TEMPLATE, e.g. <STX><P><W7><U><M><S><CR><LF>',
    ],
    [
      { SCALE_PROTOCOL: 'template', SCALE_TEMPLATE: '<W><U>' },
      'SCALE_TEMPLATE it must end with the character that ends a frame, e.g. <CR>; got "<W><U>"',
    ],
    [{ SCALE_MTSICS_MODE: 'tared' }, 'SCALE_MTSICS_MODE must be one of net, gross; got "tared"'],
    [{ SCALE_DIVISION_KG: '0' }, 'SCALE_DIVISION_KG must be a number above 0; got "0"'],
    [{ PORTAL_URL: 'ftp://portal' }, 'PORTAL_URL must be an http:// or https:// address; got "ftp://portal"'],
    [{ SCALE_BRIDGE_METRICS_PORT: '70000' }, 'SCALE_BRIDGE_METRICS_PORT must be at most 65535; got 70000'],
  ])('refuses %o with one clear line', (change, message) => {
    expect(() => configFromEnv({ ...minimal, ...change }, noFile)).toThrow(new ConfigError(message));
  });

  it.each([
    'tcp://nport',
    'rfc2217://nport:0',
    'telnet://nport:4001',
    'tcp://nport:4001/ttyS0',
    'tcp://user:secret@nport:4001',
  ])('refuses SCALE_PORT=%s: neither a serial device nor a server address', (address) => {
    expect(() => configFromEnv({ ...minimal, SCALE_PORT: address }, noFile)).toThrow(
      new ConfigError(
        `SCALE_PORT must be a serial device, tcp://host:port or rfc2217://host:port; got "${address}"`,
      ),
    );
  });

  it('says which key file it cannot read, and never shows a key', () => {
    const { SCALE_PORT } = minimal;
    expect(() => configFromEnv({ SCALE_PORT, SCALE_BRIDGE_KEY_FILE: '/missing' }, noFile)).toThrow(
      'cannot read SCALE_BRIDGE_KEY_FILE /missing: ENOENT: no such file',
    );
    expect(() => configFromEnv({ ...minimal, SCALE_BRIDGE_KEY: 'sec ret' }, noFile)).not.toThrow(/sec ret/);
  });
});
