import { cardinal738Protocol, cardinalProtocol } from './cardinal';
import { csvProtocol } from './csv';
import { type MtSicsMode, mtSicsProtocol } from './mt-sics';
import type { ProtocolName, ScaleProtocol } from './protocol';
import { type RiceLakeTons, riceLakeProtocol } from './rice-lake';
import { riceLakePrintProtocol } from './rice-lake-print';
import { smaProtocol } from './sma';
import { templateProtocol } from './template';
import { type ToledoChecksum, toledoProtocol } from './toledo';

/** The per-scale settings the protocols read (SCALE_TOLEDO_CHECKSUM, SCALE_RICE_LAKE_TONS, …). */
export interface ProtocolSettings {
  toledoChecksum: ToledoChecksum;
  riceLakeTons?: RiceLakeTons;
  mtSicsMode?: MtSicsMode;
  /** SCALE_TEMPLATE: only a scale set to the `template` protocol has one. */
  template?: string | null;
}

/** Every protocol `auto` tries: all but the template, which is a frame only its own setting describes. */
export const detectableProtocols = ({
  toledoChecksum,
  riceLakeTons = 't',
  mtSicsMode = 'net',
}: ProtocolSettings): ScaleProtocol[] => [
  toledoProtocol(toledoChecksum),
  smaProtocol,
  cardinalProtocol,
  cardinal738Protocol,
  riceLakeProtocol(riceLakeTons),
  riceLakePrintProtocol,
  mtSicsProtocol(mtSicsMode),
  csvProtocol,
];

/** The protocol the `protocol` setting names. */
export function scaleProtocol(name: ProtocolName, settings: ProtocolSettings): ScaleProtocol {
  if (name === 'template') {
    if (!settings.template) throw new RangeError('the template protocol needs a template (SCALE_TEMPLATE)');
    return templateProtocol(settings.template);
  }
  const protocol = detectableProtocols(settings).find((each) => each.name === name);
  if (!protocol) throw new RangeError(`no protocol ${name}`);
  return protocol;
}
