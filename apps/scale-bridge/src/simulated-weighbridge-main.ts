/**
 * The simulated weighbridge as a process, which `npm start`'s launcher (scripts/start.mjs) runs beside
 * the portal: PORTAL_URL, SCALE_BRIDGE_KEY and SCALE_NAME come from the launcher, which the portal
 * told them. It says `started` (or exits 1 with a line saying why) over the launcher's IPC channel,
 * stops on SIGTERM, and never outlives the launcher.
 */
import { startSimulatedWeighbridge } from './simulator/simulated-weighbridge';

const { PORTAL_URL: portalUrl, SCALE_BRIDGE_KEY: bridgeKey, SCALE_NAME: scaleName } = process.env;
try {
  if (!portalUrl || !bridgeKey) throw new Error('PORTAL_URL and SCALE_BRIDGE_KEY are required');
  const weighbridge = await startSimulatedWeighbridge({
    portalUrl,
    bridgeKey,
    log: { info: () => undefined, warn: (message) => console.warn(`simulated scale: ${message}`) },
  });
  const stop = () => void weighbridge.stop().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  console.log(
    `'${scaleName ?? 'Simulated scale'}' is weighing trucks (SIMULATED_SCALE=off to run without it).`,
  );
  process.send?.({ type: 'started' });
} catch (error) {
  console.warn(
    `The simulated scale did not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
