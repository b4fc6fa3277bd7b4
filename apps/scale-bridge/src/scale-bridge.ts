import { randomUUID } from 'node:crypto';
import type { BridgeReport } from '@portal/contract';
import { type HealthServer, NotReady, startHealthServer } from '@portal/observability';
import { createBridgeMetrics } from './bridge-metrics';
import { consoleLogger, type Logger } from './log';
import { type Backoff, keepPortOpen } from './port-connection';
import { createAutoDetection, fixedProtocol } from './protocols/auto-detect';
import type { DecodeResult, ProtocolName } from './protocols/protocol';
import { detectableProtocols, type ProtocolSettings, scaleProtocol } from './protocols/protocols';
import { createReportPost, type PortalTarget, type PostSchedule, ReportSender } from './report-poster';
import { type BridgeStats, ScaleMonitor, type ScaleMonitorOptions } from './scale-monitor';
import type { SerialSettings } from './serial-connection';

export type ProtocolSetting = ProtocolName | 'auto';

export interface ScaleBridgeConfig
  extends ScaleMonitorOptions,
    PostSchedule,
    Omit<PortalTarget, 'bridgeId'>,
    ProtocolSettings {
  serial: SerialSettings;
  protocol: ProtocolSetting;
  /**
   * How often to poll an indicator that answers polls (SMA, Cardinal's ENQ, MT-SICS, Rice Lake's XG);
   * 0: never. `auto` polls each format's way in turn until it has detected one.
   */
  pollMs: number;
  reconnect: Backoff;
  /** The /healthz, /readyz and /metrics server; null: none; port 0: any free port; token: /metrics needs it. */
  metrics: { host: string; port: number; token?: string | null } | null;
}

export interface ScaleBridge {
  stop(): Promise<void>;
  readonly stats: Readonly<BridgeStats>;
  /** What the bridge would post now. */
  readonly status: BridgeReport;
  /** The protocol in use: the configured one, or the detected one once `auto` has decided. */
  readonly protocol: ProtocolName | null;
  readonly metricsUrl: string | null;
}

export interface ScaleBridgeOptions {
  log?: Logger;
  /** Milliseconds since the epoch; tests and the embedded mode may pass their own. */
  clock?: () => number;
}

/**
 * Runs the bridge: keeps the serial port open, frames and decodes its bytes, turns them into the
 * scale's status and reading, and posts those to the portal. Resolves once the metrics server
 * listens; the port opens in the background (the status says `disconnected` until it does).
 */
export async function startScaleBridge(
  config: ScaleBridgeConfig,
  { log = consoleLogger, clock = Date.now }: ScaleBridgeOptions = {},
): Promise<ScaleBridge> {
  const protocols =
    config.protocol === 'auto'
      ? createAutoDetection(detectableProtocols(config), log)
      : fixedProtocol(scaleProtocol(config.protocol, config));
  const monitor = new ScaleMonitor(config, clock());
  const sender = new ReportSender(
    createReportPost({ ...config, bridgeId: randomUUID() }),
    config,
    () => monitor.report,
    clock,
    log,
    monitor.stats,
    ({ command }) => {
      // The indicator's format says which commands it has (protocols/*.ts); `auto` knows once it has detected one.
      const bytes = protocols.protocol?.commands?.[command];
      const outcome = !bytes ? 'unsupported' : connection.write(bytes) ? 'sent' : 'port-closed';
      log.info(`indicator command ${command}: ${outcome}`);
      return outcome;
    },
  );
  const onResult = (result: DecodeResult) => {
    monitor.result(result, clock());
    sender.offer();
  };
  const createSink = () => protocols.createReader(onResult);

  const registry = createBridgeMetrics(monitor, clock);
  let metricsServer: HealthServer | null = null;
  if (config.metrics) {
    metricsServer = await startHealthServer({
      host: config.metrics.host,
      port: config.metrics.port,
      metricsToken: config.metrics.token ?? null,
      registry,
      checkTimeoutMs: 1000,
      checks: [
        {
          name: 'serial',
          check: async () => {
            if (!monitor.ready(clock()))
              throw new NotReady('no frame from the scale within the frame timeout');
          },
        },
        {
          name: 'portal',
          check: async () => {
            if (!sender.posting) throw new NotReady('the last report could not be posted to the portal');
          },
        },
      ],
    });
  }

  if (metricsServer?.takenPort)
    log.warn(
      `port ${metricsServer.takenPort} (SCALE_BRIDGE_METRICS_PORT) is taken: metrics at ${metricsServer.url} instead ` +
        '(SCALE_BRIDGE_METRICS_PORT=0 turns them off)',
    );

  const connection = keepPortOpen(
    config.serial,
    config.reconnect,
    {
      onOpen() {
        monitor.portOpened(clock());
        sender.offer();
        return createSink();
      },
      onClose() {
        monitor.portClosed(clock());
        sender.offer();
      },
    },
    log,
  );
  const ticker = setInterval(() => {
    monitor.tick(clock());
    sender.offer();
  }, config.postIntervalMs);
  const poller =
    config.pollMs > 0
      ? setInterval(() => {
          const poll = protocols.nextPoll();
          if (poll) connection.write(poll);
        }, config.pollMs)
      : undefined;
  log.info(
    `reading ${config.serial.path} (${config.protocol}), posting to ${new URL(config.portalUrl).origin}` +
      (metricsServer ? `, metrics at ${metricsServer.url}/metrics` : ''),
  );

  return {
    async stop() {
      clearInterval(ticker);
      clearInterval(poller);
      await connection.close();
      await sender.settle();
      await metricsServer?.close();
    },
    get stats() {
      return { ...monitor.stats };
    },
    get status() {
      return monitor.report;
    },
    get protocol() {
      return protocols.protocol?.name ?? null;
    },
    metricsUrl: metricsServer ? metricsServer.url : null,
  };
}
