import { provisionSimulatedScale } from '@portal/api';
import type { TestPortal } from '@portal/api/test/portal';
import { startSimulatedWeighbridge, type TruckCycle } from '@portal/scale-bridge';

/** The portal's 'Simulated scale' weighing trucks, as `npm start` composes it, in the test's process. */
export async function startSimulatedWeighbridgeFor(portal: TestPortal, cycle: TruckCycle) {
  const { scaleId, bridgeKey } = await provisionSimulatedScale(portal.host);
  const weighbridge = await startSimulatedWeighbridge({
    portalUrl: portal.url,
    bridgeKey,
    cycle,
    log: { info: () => undefined, warn: (message) => console.warn(`simulated scale: ${message}`) },
  });
  return { scaleId, stop: weighbridge.stop };
}
