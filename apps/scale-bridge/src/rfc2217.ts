import type { Logger } from './log';
import type { SerialSettings } from './serial-connection';

/*
 * A Telnet client (RFC 854, with the option negotiation of RFC 855) speaking the Com Port Control
 * option (RFC 2217) to a serial-to-Ethernet server: the server's serial line is set to the bridge's
 * SCALE_BAUD/DATA_BITS/PARITY/STOP_BITS, and the indicator's bytes are carried as Telnet data. No
 * npm package does RFC 2217 (telnet-stream parses Telnet but knows no COM-PORT-OPTION), so this is
 * the small part of Telnet a scale needs.
 */

const IAC = 255;
const DONT = 254;
const DO = 253;
const WONT = 252;
const WILL = 251;
const SB = 250;
const SE = 240;
const CR = 0x0d;
const NUL = 0x00;

/** Telnet options: BINARY (RFC 856) keeps the line 8-bit clean; COM-PORT-OPTION is RFC 2217's. */
const option = { binary: 0, comPort: 44 } as const;

/** RFC 2217 command codes from the client; the server answers each with the code plus 100. */
const comPortCommand = {
  signature: 0,
  setBaudRate: 1,
  setDataSize: 2,
  setParity: 3,
  setStopSize: 4,
} as const;
const serverAnswer = 100;

const parityCodes: Record<SerialSettings['parity'], number> = { none: 1, odd: 2, even: 3, mark: 4, space: 5 };
const stopSizeCodes: Record<SerialSettings['stopBits'], number> = { 1: 1, 2: 2, 1.5: 3 };

/** Subnegotiations longer than this are not RFC 2217's; their bytes are dropped, not kept. */
const maxSubnegotiation = 256;

const signature = 'portal scale-bridge';

type LineSettings = Omit<SerialSettings, 'path'>;
type OptionState = 'requested' | 'on';

/** Bytes with any 0xFF doubled: inside Telnet a data or parameter 0xFF is sent as IAC IAC (RFC 854). */
const escapeIac = (bytes: Uint8Array): number[] =>
  [...bytes].flatMap((byte) => (byte === IAC ? [IAC, IAC] : [byte]));

const subnegotiation = (payload: Uint8Array): Buffer =>
  Buffer.from([IAC, SB, option.comPort, ...escapeIac(payload), IAC, SE]);

const baudRateBytes = (baudRate: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(baudRate);
  return bytes;
};

/** What the server answered for each setting, by the client command it answers. */
const settingNames: Record<number, string> = {
  [comPortCommand.setBaudRate]: 'baud rate',
  [comPortCommand.setDataSize]: 'data bits',
  [comPortCommand.setParity]: 'parity',
  [comPortCommand.setStopSize]: 'stop bits',
};

/**
 * One Telnet session's state. `receive` takes the socket's bytes in any pieces and gives back the
 * serial data among them, answering negotiations through `send`; `encode` turns serial data into
 * Telnet data. Options the bridge has no use for are refused (WONT/DONT), each answered once.
 */
export class Rfc2217Session {
  private readonly local = new Map<number, OptionState>();
  private readonly remote = new Map<number, OptionState>();
  private state: 'data' | 'iac' | 'verb' | 'sub' | 'sub-iac' = 'data';
  private verb = 0;
  private sub: number[] = [];
  private lastDataWasCr = false;
  /** The SET commands for the line settings, in RFC 2217's recommended order. */
  private readonly requested: Map<number, Buffer>;

  constructor(
    line: LineSettings,
    private readonly send: (bytes: Buffer) => void,
    private readonly log: Logger,
    private readonly name: string,
  ) {
    this.requested = new Map([
      [comPortCommand.setBaudRate, baudRateBytes(line.baudRate)],
      [comPortCommand.setDataSize, Buffer.of(line.dataBits)],
      [comPortCommand.setParity, Buffer.of(parityCodes[line.parity])],
      [comPortCommand.setStopSize, Buffer.of(stopSizeCodes[line.stopBits])],
    ]);
  }

  /** The client's opening: it will send COM port commands, and asks for binary both ways. */
  start(): void {
    this.local.set(option.comPort, 'requested');
    this.local.set(option.binary, 'requested');
    this.remote.set(option.binary, 'requested');
    this.send(Buffer.from([IAC, WILL, option.comPort, IAC, WILL, option.binary, IAC, DO, option.binary]));
  }

  /** Serial data out: IAC doubled, and a CR followed by NUL unless the server takes binary (RFC 854's NVT). */
  encode(data: Uint8Array): Buffer {
    const binary = this.local.get(option.binary) === 'on';
    return Buffer.from(
      [...data].flatMap((byte) => (byte === IAC ? [IAC, IAC] : byte === CR && !binary ? [CR, NUL] : [byte])),
    );
  }

  /** Bytes from the server in; the serial data among them out. */
  receive(chunk: Uint8Array): Buffer {
    const data: number[] = [];
    for (const byte of chunk) {
      switch (this.state) {
        case 'data':
          if (byte === IAC) this.state = 'iac';
          else this.data(byte, data);
          break;
        case 'iac':
          if (byte === IAC) {
            this.data(IAC, data);
            this.state = 'data';
          } else if (byte >= WILL) {
            this.verb = byte;
            this.state = 'verb';
          } else if (byte === SB) {
            this.sub = [];
            this.state = 'sub';
          } else {
            // NOP, GA, AYT and the like say nothing about the scale's data.
            this.state = 'data';
          }
          break;
        case 'verb':
          this.negotiate(this.verb, byte);
          this.state = 'data';
          break;
        case 'sub':
          if (byte === IAC) this.state = 'sub-iac';
          else if (this.sub.length < maxSubnegotiation) this.sub.push(byte);
          break;
        case 'sub-iac':
          if (byte === IAC) {
            if (this.sub.length < maxSubnegotiation) this.sub.push(IAC);
            this.state = 'sub';
          } else {
            // IAC SE ends it; anything else after IAC is a malformed end, taken as one.
            this.subnegotiated(Buffer.from(this.sub));
            this.state = 'data';
          }
          break;
      }
    }
    return Buffer.from(data);
  }

  private data(byte: number, out: number[]): void {
    // Without binary mode the server sends a bare CR as CR NUL (RFC 854): the NUL is not the scale's.
    const nulAfterCr = byte === NUL && this.lastDataWasCr && this.remote.get(option.binary) !== 'on';
    this.lastDataWasCr = byte === CR;
    if (!nulAfterCr) out.push(byte);
  }

  private negotiate(verb: number, code: number): void {
    const wantedLocal = code === option.comPort || code === option.binary;
    const wantedRemote = code === option.binary;
    switch (verb) {
      case DO:
        if (this.agree(this.local, code, wantedLocal, WILL, WONT) && code === option.comPort)
          this.sendLineSettings();
        return;
      case WILL:
        this.agree(this.remote, code, wantedRemote, DO, DONT);
        return;
      case DONT:
        this.refused(this.local, code, WONT);
        if (code === option.comPort)
          this.log.warn(`${this.name} refuses COM port control: its serial line keeps its own settings`);
        return;
      case WONT:
        this.refused(this.remote, code, DONT);
        return;
    }
  }

  /**
   * DO or WILL: on if wanted, answered unless it answers a request of ours; one already on is not
   * answered again (RFC 854's rule against negotiation loops). True when it turned on.
   */
  private agree(
    states: Map<number, OptionState>,
    code: number,
    wanted: boolean,
    yes: number,
    no: number,
  ): boolean {
    const was = states.get(code);
    if (was === 'on') return false;
    if (!wanted) {
      this.send(Buffer.from([IAC, no, code]));
      return false;
    }
    states.set(code, 'on');
    if (was !== 'requested') this.send(Buffer.from([IAC, yes, code]));
    return true;
  }

  /** DONT or WONT: off; acknowledged only when it was on (a refused request needs no answer). */
  private refused(states: Map<number, OptionState>, code: number, acknowledge: number): void {
    const was = states.get(code);
    states.delete(code);
    if (was === 'on') this.send(Buffer.from([IAC, acknowledge, code]));
  }

  private sendLineSettings(): void {
    for (const [command, value] of this.requested)
      this.send(subnegotiation(Buffer.from([command, ...value])));
  }

  private subnegotiated(payload: Buffer): void {
    if (payload[0] !== option.comPort || payload.length < 2) return;
    const command = (payload[1] ?? 0) - serverAnswer;
    const value = payload.subarray(2);
    if (command === comPortCommand.signature) {
      // An empty SIGNATURE asks for ours; one with text is the server's, for its log.
      if (value.length === 0)
        this.send(subnegotiation(Buffer.from([comPortCommand.signature, ...Buffer.from(signature)])));
      else this.log.info(`${this.name} is ${value.toString('latin1')}`);
      return;
    }
    const asked = this.requested.get(command);
    // The answer is the value the server now uses (RFC 2217, section 2): say so when it is not ours.
    if (asked && !asked.equals(value))
      this.log.warn(
        `${this.name} set its ${settingNames[command]} to ${describeSetting(command, value)} (asked ${describeSetting(command, asked)})`,
      );
    // Line and modem state notifications and flow control suspend/resume mean nothing to a scale reader.
  }
}

function describeSetting(command: number, value: Buffer): string {
  if (command === comPortCommand.setBaudRate) return value.length === 4 ? String(value.readUInt32BE()) : '?';
  const code = value[0];
  const names =
    command === comPortCommand.setParity
      ? parityCodes
      : command === comPortCommand.setStopSize
        ? stopSizeCodes
        : null;
  const name = names && Object.entries(names).find(([, each]) => each === code)?.[0];
  return name ?? String(code);
}
