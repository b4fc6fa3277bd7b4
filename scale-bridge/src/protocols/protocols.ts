import { cardinalProtocol } from './cardinal';
import { csvProtocol } from './csv';
import type { ProtocolName, ScaleProtocol } from './protocol';
import { type RiceLakeTons, riceLakeProtocol } from './rice-lake';
import { smaProtocol } from './sma';
import { type ToledoChecksum, toledoProtocol } from './toledo';

/** Every protocol the bridge speaks, by the name the `protocol` setting uses. */
export const scaleProtocols = ({
  toledoChecksum,
  riceLakeTons = 't',
}: {
  toledoChecksum: ToledoChecksum;
  riceLakeTons?: RiceLakeTons;
}): Record<ProtocolName, ScaleProtocol> => ({
  toledo: toledoProtocol(toledoChecksum),
  sma: smaProtocol,
  cardinal: cardinalProtocol,
  'rice-lake': riceLakeProtocol(riceLakeTons),
  csv: csvProtocol,
});
