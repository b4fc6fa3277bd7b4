import { scales, validateScale } from '@portal/domain';
import { listScales } from '@portal/projections';
import {
  configFromEnv,
  type Logger,
  startScaleBridge,
  startSimulatedScaleOnPty,
  type TruckCycle,
} from '@portal/scale-bridge';
import { createRecord } from '../catalogue/catalogue-commands';
import type { CommandHost } from '../plugins/infrastructure';
import { issueBridgeKey, revokeBridgeKeysOf } from './bridge-keys';

export const simulatedScaleName = 'Simulated scale';

export interface RunningSimulatedScale {
  scaleId: number;
  stop(): Promise<void>;
}

/**
 * A weighbridge that is not there, for a machine with none (`npm start`) and for the browser tests:
 * a simulated Toledo indicator writes to one end of a socat pseudo-terminal pair and a real scale
 * bridge reads the other and reports to the portal under a fresh bridge key. The scale 'Simulated
 * scale' is created on first use; earlier keys of it are revoked.
 */
export async function startSimulatedScale(
  app: CommandHost,
  portalUrl: string,
  options: { cycle?: TruckCycle; log?: Logger } = {},
): Promise<RunningSimulatedScale> {
  const { pool, db } = app.infra;
  const { rows } = await pool.query<{ id: number }>(
    'SELECT id FROM users WHERE role_id = 1 ORDER BY id LIMIT 1',
  );
  const actorId = rows[0]?.id;
  if (actorId === undefined) throw new Error('The simulated scale needs an administrator to create it.');
  const existing = (await listScales(db)).find((scale) => scale.scaleName === simulatedScaleName);
  const scaleId =
    existing?.id ??
    (await createRecord(app, scales, 'scale', validateScale({ scaleName: simulatedScaleName }), { actorId }));
  await revokeBridgeKeysOf(pool, scaleId);
  const { key } = await issueBridgeKey(pool, scaleId, actorId);
  const log: Logger = options.log ?? {
    info: () => undefined,
    warn: (message) => console.warn(`simulated scale: ${message}`),
  };
  const indicator = await startSimulatedScaleOnPty({
    protocol: 'toledo',
    ...(options.cycle ? { cycle: options.cycle } : {}),
  });
  try {
    const config = configFromEnv({
      SCALE_PORT: indicator.bridgeSide,
      SCALE_PROTOCOL: 'toledo',
      SCALE_BRIDGE_KEY: key,
      PORTAL_URL: portalUrl,
    });
    // In the portal's process: its own /healthz and /metrics are the portal's.
    const bridge = await startScaleBridge({ ...config, metrics: null }, { log });
    return {
      scaleId,
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
