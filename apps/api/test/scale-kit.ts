import { type BridgeReport, endpoints, type Scale, type ScaleReading } from '@portal/contract';
import { clientOfPortal, type Headers, injectionOf, type TestPortal } from './portal';

/** A scale added and its bridge key issued, as an administrator does. */
export async function scaleWithKey(
  portal: TestPortal,
  admin: Headers,
  scaleName: string,
): Promise<{ scale: Scale; key: string }> {
  const call = clientOfPortal(() => portal);
  const scale = await call(endpoints.scaleCatalogue.create, { body: { scaleName } }, admin);
  return { scale, key: (await call(endpoints.postScaleByIdKey, { params: { id: scale.id } }, admin)).key };
}

/** The Scale page's Tare of a truck alone, from the scale's stable reading, as `headers`' user; expects 200. */
export const tareOnScale = (portal: TestPortal, headers: Headers, truckId: number, scaleId: number) =>
  clientOfPortal(() => portal)(endpoints.postTruckTareWeight, { body: { truckId, scaleId } }, headers);

/**
 * A fresh gross reading in range, stable or in motion, as the bridge reports it, its status begun
 * `statusAgeMs` ago; `fields` change the reading.
 */
export const bridgeReading = (
  weightKg: number,
  stable: boolean,
  fields: Partial<ScaleReading> = {},
  statusAgeMs = 3000,
): BridgeReport => ({
  status: stable ? 'ok' : 'motion',
  statusSince: new Date(Date.now() - statusAgeMs).toISOString(),
  reading: {
    weightKg,
    mode: 'gross',
    stable,
    range: 'ok',
    rawFrame: '02',
    readAt: new Date().toISOString(),
    divisionKg: 20,
    ...fields,
  },
});

/** PUT /api/scale/bridge/report with the scale's bridge key; answers the status code. */
export const sendBridgeReport = async (portal: TestPortal, key: string, report: BridgeReport) =>
  (
    await portal.app.inject({
      ...injectionOf(endpoints.putScaleBridgeReport, { body: report }),
      headers: { authorization: `Bridge ${key}` },
    })
  ).statusCode;

/** A bridge reporting as real ones do, every 250 ms, until stopped. */
export function keepReporting(portal: TestPortal, key: string, report: () => BridgeReport): { stop(): void } {
  const send = () => void sendBridgeReport(portal, key, report()).catch(() => undefined);
  send();
  const timer = setInterval(send, 250);
  return { stop: () => clearInterval(timer) };
}
