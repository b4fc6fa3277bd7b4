import { scales, validateScale } from '@portal/domain';
import { listScales } from '@portal/projections';
import { createRecord } from '../catalogue/catalogue-commands';
import type { CommandHost } from '../plugins/infrastructure';
import { issueBridgeKey, revokeBridgeKeysOf } from './bridge-keys';

export const simulatedScaleName = 'Simulated scale';

interface SimulatedScaleAccess {
  scaleId: number;
  /** A fresh bridge key for it: the simulated weighbridge reports under it. */
  bridgeKey: string;
}

/**
 * The portal's side of the simulated weighbridge (which the scale bridge runs, started by `npm start`'s
 * launcher): the scale 'Simulated scale', created on first use by the first administrator, and a fresh
 * bridge key for it, its earlier keys revoked.
 */
export async function provisionSimulatedScale(app: CommandHost): Promise<SimulatedScaleAccess> {
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
  return { scaleId, bridgeKey: key };
}
