import { describe, expect, it } from 'vitest';
import { recordingLog } from '../test/bridge-kit';
import { Rfc2217Session } from './rfc2217';
import type { SerialSettings } from './serial-connection';

// The bytes are written from RFC 854 (IAC 255, DONT 254, DO 253, WONT 252, WILL 251, SB 250, SE 240),
// RFC 856 (TRANSMIT-BINARY 0) and RFC 2217 (COM-PORT-OPTION 44; SIGNATURE 0, SET-BAUDRATE 1,
// SET-DATASIZE 2, SET-PARITY 3, SET-STOPSIZE 4, the server's answers 100 higher; parity NONE 1,
// ODD 2, EVEN 3; stop size 1 is 1), not from the session's own constants.

const sevenEvenOne: Omit<SerialSettings, 'path'> = {
  baudRate: 9600,
  dataBits: 7,
  parity: 'even',
  stopBits: 1,
};

function session(line = sevenEvenOne) {
  const sent: number[][] = [];
  const log = recordingLog();
  const telnet = new Rfc2217Session(line, (bytes) => sent.push([...bytes]), log, 'rfc2217://server:2217');
  return { telnet, sent, log };
}

describe('the RFC 2217 session', () => {
  it('offers COM port control and binary, then sends the line settings once the server says DO', () => {
    const { telnet, sent } = session();
    telnet.start();
    expect(sent.flat()).toEqual([255, 251, 44, 255, 251, 0, 255, 253, 0]);
    sent.length = 0;
    // The server accepts COM-PORT-OPTION and binary both ways.
    expect(telnet.receive(Buffer.from([255, 253, 44, 255, 253, 0, 255, 251, 0]))).toEqual(Buffer.alloc(0));
    expect(sent).toEqual([
      [255, 250, 44, 1, 0x00, 0x00, 0x25, 0x80, 255, 240],
      [255, 250, 44, 2, 7, 255, 240],
      [255, 250, 44, 3, 3, 255, 240],
      [255, 250, 44, 4, 1, 255, 240],
    ]);
  });

  it('doubles a 0xFF inside a setting (a baud rate of 0x0001FFFF)', () => {
    const { telnet, sent } = session({ ...sevenEvenOne, baudRate: 0x1_ffff });
    telnet.start();
    telnet.receive(Buffer.from([255, 253, 44]));
    expect(sent[1]).toEqual([255, 250, 44, 1, 0x00, 0x01, 255, 255, 255, 255, 255, 240]);
  });

  it('refuses options it has no use for, answers each once, and answers nothing that changes nothing', () => {
    const { telnet, sent } = session();
    telnet.start();
    sent.length = 0;
    // WILL ECHO, DO TERMINAL-TYPE (24), WONT 5 (never asked), DONT 31 (never on).
    telnet.receive(Buffer.from([255, 251, 1, 255, 253, 24, 255, 252, 5, 255, 254, 31]));
    expect(sent).toEqual([
      [255, 254, 1],
      [255, 252, 24],
    ]);
    sent.length = 0;
    // DO COM-PORT twice: the settings go once, no WILL echoes back (it answers our own WILL).
    telnet.receive(Buffer.from([255, 253, 44]));
    telnet.receive(Buffer.from([255, 253, 44]));
    expect(sent.filter((bytes) => bytes[1] === 251)).toEqual([]);
    expect(sent).toHaveLength(4);
  });

  it('reads data with doubled IACs, commands and subnegotiations split anywhere between pieces', () => {
    const { telnet, log } = session();
    telnet.start();
    const stream = Buffer.from([
      0x02,
      ...Buffer.from('12'),
      255,
      255, // a data 0xFF
      255,
      241, // NOP
      255,
      250,
      44,
      101,
      0x00,
      0x00,
      0x12,
      0xc0, // the server set 4800 baud, not 9600
      255,
      240,
      ...Buffer.from('34\r'),
    ]);
    const pieces = [...stream].map((byte) => telnet.receive(Buffer.of(byte)));
    expect(Buffer.concat(pieces)).toEqual(Buffer.from([0x02, 0x31, 0x32, 255, 0x33, 0x34, 0x0d]));
    expect(log.lines).toEqual(['rfc2217://server:2217 set its baud rate to 4800 (asked 9600)']);
  });

  it('sends its signature when the server asks, and logs the server’s', () => {
    const { telnet, sent, log } = session();
    telnet.receive(Buffer.from([255, 250, 44, 100, 255, 240]));
    expect(Buffer.from(sent[0] ?? []).subarray(0, 4)).toEqual(Buffer.from([255, 250, 44, 0]));
    expect(Buffer.from(sent[0] ?? []).subarray(-2)).toEqual(Buffer.from([255, 240]));
    telnet.receive(Buffer.from([255, 250, 44, 100, ...Buffer.from('ser2net 4.6'), 255, 240]));
    expect(log.lines).toEqual(['rfc2217://server:2217 is ser2net 4.6']);
  });

  it('in NVT mode (the server refused binary) drops the NUL after a CR, and sends CR as CR NUL', () => {
    const { telnet } = session();
    telnet.start();
    telnet.receive(Buffer.from([255, 252, 0, 255, 254, 0]));
    expect(telnet.receive(Buffer.from('W\r\0\r\0'))).toEqual(Buffer.from('W\r\r'));
    expect(telnet.encode(Buffer.from([0x0a, 0x5a, 0x0d, 0xff]))).toEqual(
      Buffer.from([0x0a, 0x5a, 0x0d, 0x00, 255, 255]),
    );
  });

  it('in binary mode keeps NULs and sends CR bare; a 0xFF is always doubled', () => {
    const { telnet } = session();
    telnet.start();
    telnet.receive(Buffer.from([255, 253, 0, 255, 251, 0]));
    expect(telnet.receive(Buffer.from('\r\0'))).toEqual(Buffer.from('\r\0'));
    expect(telnet.encode(Buffer.from([0x0d, 0xff]))).toEqual(Buffer.from([0x0d, 255, 255]));
  });

  it('warns when the server refuses COM port control', () => {
    const { telnet, log } = session();
    telnet.start();
    telnet.receive(Buffer.from([255, 254, 44]));
    expect(log.lines).toEqual([
      'rfc2217://server:2217 refuses COM port control: its serial line keeps its own settings',
    ]);
  });
});
