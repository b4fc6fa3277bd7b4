import { configFromEnv } from '../config';
import type { Logger } from '../log';
import { startScaleBridge } from '../scale-bridge';
import { startSimulatedScaleOnPty } from './simulated-scale';
import type { TruckCycle } from './truck-cycle';

export interface SimulatedWeighbridgeOptions {
  portalUrl: string;
  /** The bridge key the portal issued for its 'Simulated scale'. */
  bridgeKey: string;
  cycle?: TruckCycle;
  log: Logger;
}

export interface SimulatedWeighbridge {
  stop(): Promise<void>;
}

/**
 * A weighbridge that is not there, for a machine with none (`npm start`) and for the browser tests:
 * a simulated Toledo indicator writes to one end of a socat pseudo-terminal pair, and a real bridge
 * reads the other and reports to the portal under the given key. Throws when socat is missing.
 */
export async function startSimulatedWeighbridge(
  options: SimulatedWeighbridgeOptions,
): Promise<SimulatedWeighbridge> {
  const indicator = await startSimulatedScaleOnPty({
    protocol: 'toledo',
    ...(options.cycle ? { cycle: options.cycle } : {}),
  });
  try {
    const config = configFromEnv({
      SCALE_PORT: indicator.bridgeSide,
      SCALE_PROTOCOL: 'toledo',
      SCALE_BRIDGE_KEY: options.bridgeKey,
      PORTAL_URL: options.portalUrl,
    });
    // No health listener of its own: its port (9464) stays free for a real bridge on this machine.
    const bridge = await startScaleBridge({ ...config, metrics: null }, { log: options.log });
    return {
      async stop() {
        await bridge.stop();
        await indicator.stop();
      },
    };
  } catch (error) {
    await indicator.stop();
    throw error;
  }
}
