import { clientOfPortal } from '@portal/api/test/portal';
import { scaleWithKey } from '@portal/api/test/scale-kit';
import type { TicketKit } from '@portal/api/test/ticket-kit';
import { endpoints, type LiveScale, type Scale } from '@portal/contract';
import { configFromEnv, openPtyPair, startScaleBridge } from '@portal/scale-bridge';
import { openScaleEnd, tempLinks } from '@portal/scale-bridge/test/bridge-kit';

/** A new scale of the portal, under a name of its own, and its bridge key. */
export const newScale = (kit: TicketKit): Promise<{ scale: Scale; key: string }> =>
  scaleWithKey(kit.portal, kit.admin, `Lane ${crypto.randomUUID().slice(0, 6)}`);

/**
 * A new scale whose real bridge reads an indicator on a socat pty pair (8N1): the indicator writes
 * `frame()` every 66 ms (Toledo's 15 Hz), so a test may change what it shows; what the bridge writes to it
 * is kept. What it opens goes onto `cleanups` (closed last first by the caller).
 */
export async function bridgedScale(
  kit: TicketKit,
  cleanups: (() => Promise<unknown>)[],
  options: { protocol: 'toledo' | 'csv'; frame: () => Buffer; env?: Record<string, string> },
) {
  const { scale, key } = await newScale(kit);
  const links = await tempLinks();
  cleanups.push(links.remove);
  const pair = await openPtyPair(links);
  cleanups.push(pair.stop);
  const config = configFromEnv({
    SCALE_PORT: links.bridgeSide,
    SCALE_PROTOCOL: options.protocol,
    SCALE_BRIDGE_KEY: key,
    PORTAL_URL: kit.portal.url,
    ...options.env,
  });
  const bridge = await startScaleBridge(
    { ...config, metrics: null },
    { log: { info: () => undefined, warn: () => undefined } },
  );
  let bridgeRunning = true;
  cleanups.push(async () => bridgeRunning && bridge.stop());
  const indicator = await openScaleEnd(links.scaleSide);
  cleanups.push(() => indicator.close());
  const received: Buffer[] = [];
  indicator.port.on('data', (bytes: Buffer) => received.push(bytes));
  const timer = setInterval(() => void indicator.write(options.frame()).catch(() => undefined), 66);
  cleanups.push(async () => clearInterval(timer));
  return {
    scale,
    live: (): Promise<LiveScale> =>
      clientOfPortal(() => kit.portal)(
        endpoints.scaleCatalogue.read,
        { params: { id: scale.id } },
        kit.standard,
      ),
    received: () => Buffer.concat(received),
    unplug: pair.stop,
    async stopBridge() {
      bridgeRunning = false;
      await bridge.stop();
    },
  };
}
