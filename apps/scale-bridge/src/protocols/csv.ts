import { createLineFramer } from './line-framers';
import { ascii, type IndicatorFrame, type TextFormat, textProtocol, unitCode } from './protocol';

/**
 * The comma-separated line many indicators stream: status (ST stable, US unstable, OL overload),
 * mode (GS gross, NT net), signed weight (zero-padded or space-padded), unit, CR LF (or LF alone, or CR).
 * `ST,GS,+0012345kg`, `US,NT,-   12.5 kg`.
 */
const format: TextFormat = {
  pattern: /(?<status>ST|US|OL),(?<mode>GS|NT),(?<sign>[+-]?)(?<weight>[\d. -]*?) *(?<unit>[a-z]{1,2})$/i,
  units: { kg: 'kg', lb: 'lb', t: 't', g: 'g' },
  net: ['NT'],
  statuses: { US: 'motion', OL: 'out' },
};

export function encodeCsv(frame: IndicatorFrame): Buffer {
  const { weight } = frame;
  const status = frame.range !== 'ok' ? 'OL' : frame.motion ? 'US' : 'ST';
  const digits = weight === null ? '-'.repeat(7) : Math.abs(weight).toFixed(Math.max(frame.decimals, 0));
  const sign = weight !== null && weight < 0 ? '-' : '+';
  const mode = frame.mode === 'net' ? 'NT' : 'GS';
  return ascii(
    `${status},${mode},${sign}${digits.padStart(7, '0')}${unitCode(format.units, frame.unit, 'csv')}\r\n`,
  );
}

export const csvProtocol = textProtocol(format, {
  name: 'csv',
  createFramer: createLineFramer,
  encode: encodeCsv,
});
