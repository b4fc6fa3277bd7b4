/** The scale bridge as a library, for the tests and the benchmarks. */
export { ConfigError, configFromEnv } from './config';
export type { Logger } from './log';
export { encodeCardinal } from './protocols/cardinal';
export { encodeCsv } from './protocols/csv';
export type { DecodeResult, IndicatorFrame, ProtocolName } from './protocols/protocol';
export { encodeRiceLake } from './protocols/rice-lake';
export { encodeSma } from './protocols/sma';
export { encodeToledo } from './protocols/toledo';
export {
  type ProtocolSetting,
  type ScaleBridge,
  type ScaleBridgeConfig,
  type ScaleBridgeOptions,
  startScaleBridge,
} from './scale-bridge';
export { type BridgeStats, ScaleMonitor } from './scale-monitor';
export type { SerialSettings } from './serial-connection';
export {
  type SimulatedScale,
  type SimulatedScaleOnPty,
  type SimulatedScaleOptions,
  startSimulatedScale,
  startSimulatedScaleOnPty,
} from './simulator/simulated-scale';
export {
  type SimulatedWeighbridge,
  type SimulatedWeighbridgeOptions,
  startSimulatedWeighbridge,
} from './simulator/simulated-weighbridge';
export { openPtyPair, type PtyPair } from './simulator/socat-pty';
export { defaultTruckCycle, type TruckCycle } from './simulator/truck-cycle';
