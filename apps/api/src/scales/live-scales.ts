import type { BridgeReport } from '@portal/contract';
import { isZeroReading } from '@portal/domain';
import { Redis } from 'ioredis';
import type pg from 'pg';
import type { PortalConfig } from '../config';

/**
 * A scale's live state: what its bridge last reported (several times a second, so not events) and
 * who is weighing on it. Kept where every API process sees it: Redis when configured, else
 * PostgreSQL (one row per scale, overwritten).
 */
export interface LiveScale {
  report: BridgeReport | null;
  /** When the API last heard from the bridge: a silent bridge makes the scale 'disconnected'. */
  reportedAt: Date | null;
  weighingByUserId: number | null;
  weighingSince: Date | null;
  /** The scale read zero since the last weigh-in or tare taken from it (the previous truck left). */
  zeroedSinceWeighing: boolean;
  /** When a report last came from another bridge process than the report before it, within 5 s. */
  secondBridgeAt: Date | null;
  /** When the bridge's last refused report came (off the clock, or off the scale), and why. */
  refusedAt: Date | null;
  refusedMessage: string | null;
}

export interface LiveScales {
  /**
   * Keeps the report; a reading of zero also notes that the scale returned to zero, and a report from
   * another bridge than the one before it (within 5 s) that two bridges report: answers whether so.
   */
  saveReport(scaleId: number, report: BridgeReport, reportedAt: Date): Promise<{ secondBridge: boolean }>;
  /**
   * A weigh-in or tare takes the scale's return to zero, at most one at a time: true when it was there
   * to take (the next one then needs the deck to read zero again).
   */
  takeZero(scaleId: number): Promise<boolean>;
  /** A weighing that took the zero was not recorded after all: the zero is the scale's again. */
  giveZeroBack(scaleId: number): Promise<void>;
  /** Notes a report refused at `at` (its reading off the portal's clock or off the scale), and why. */
  saveRefusal(scaleId: number, message: string, at: Date): Promise<void>;
  /** Starts (a user id) or stops (null) weighing on the scale. */
  setWeighing(scaleId: number, userId: number | null, at: Date): Promise<void>;
  find(scaleId: number): Promise<LiveScale>;
  forget(scaleId: number): Promise<void>;
  close(): Promise<void>;
}

const nothingYet: LiveScale = {
  report: null,
  reportedAt: null,
  weighingByUserId: null,
  weighingSince: null,
  zeroedSinceWeighing: false,
  secondBridgeAt: null,
  refusedAt: null,
  refusedMessage: null,
};

/** Reports this close together from two bridge ids mean two bridges at once, not one restarted. */
const secondBridgeWindowMs = 5_000;

const fromAnotherBridge = (
  previous: { bridgeId: string | null; reportedAt: Date | null },
  report: BridgeReport,
  reportedAt: Date,
): boolean =>
  previous.bridgeId !== null &&
  report.bridgeId !== undefined &&
  previous.bridgeId !== report.bridgeId &&
  previous.reportedAt !== null &&
  reportedAt.getTime() - previous.reportedAt.getTime() < secondBridgeWindowMs;

const readsZero = (report: BridgeReport): boolean =>
  report.reading !== null && isZeroReading(report.reading.weightKg, report.reading.divisionKg ?? null);

class PostgresLiveScales implements LiveScales {
  constructor(private readonly pool: pg.Pool) {}

  async saveReport(scaleId: number, report: BridgeReport, reportedAt: Date) {
    // The previous report is compared in the same statement (fromAnotherBridge's rule, in SQL): two API
    // processes saving at once cannot both miss the other bridge.
    const { rows } = await this.pool.query<{ secondBridge: boolean }>(
      `INSERT INTO scale_live (scale_id, report, reported_at, zeroed_since_weighing) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scale_id) DO UPDATE SET report = excluded.report, reported_at = excluded.reported_at,
         zeroed_since_weighing = scale_live.zeroed_since_weighing OR excluded.zeroed_since_weighing,
         second_bridge_at = CASE
           WHEN scale_live.report->>'bridgeId' <> excluded.report->>'bridgeId'
             AND scale_live.reported_at > excluded.reported_at - make_interval(secs => $5 / 1000.0)
           THEN excluded.reported_at ELSE scale_live.second_bridge_at END
       RETURNING second_bridge_at IS NOT DISTINCT FROM $3 AS "secondBridge"`,
      [scaleId, JSON.stringify(report), reportedAt, readsZero(report), secondBridgeWindowMs],
    );
    return { secondBridge: rows[0]?.secondBridge === true };
  }

  async takeZero(scaleId: number) {
    const { rowCount } = await this.pool.query(
      'UPDATE scale_live SET zeroed_since_weighing = false WHERE scale_id = $1 AND zeroed_since_weighing',
      [scaleId],
    );
    return rowCount === 1;
  }

  async giveZeroBack(scaleId: number) {
    await this.pool.query('UPDATE scale_live SET zeroed_since_weighing = true WHERE scale_id = $1', [
      scaleId,
    ]);
  }

  async saveRefusal(scaleId: number, message: string, at: Date) {
    await this.pool.query(
      `INSERT INTO scale_live (scale_id, refused_at, refused_message) VALUES ($1, $2, $3)
       ON CONFLICT (scale_id) DO UPDATE SET refused_at = excluded.refused_at, refused_message = excluded.refused_message`,
      [scaleId, at, message],
    );
  }

  async setWeighing(scaleId: number, userId: number | null, at: Date) {
    await this.pool.query(
      `INSERT INTO scale_live (scale_id, weighing_by_user_id, weighing_since) VALUES ($1, $2, $3)
       ON CONFLICT (scale_id) DO UPDATE
       SET weighing_by_user_id = excluded.weighing_by_user_id, weighing_since = excluded.weighing_since`,
      [scaleId, userId, userId === null ? null : at],
    );
  }

  async find(scaleId: number): Promise<LiveScale> {
    const { rows } = await this.pool.query<LiveScale>(
      `SELECT report, reported_at AS "reportedAt", weighing_by_user_id AS "weighingByUserId",
              weighing_since AS "weighingSince", zeroed_since_weighing AS "zeroedSinceWeighing",
              second_bridge_at AS "secondBridgeAt", refused_at AS "refusedAt",
              refused_message AS "refusedMessage"
       FROM scale_live WHERE scale_id = $1`,
      [scaleId],
    );
    return rows[0] ?? nothingYet;
  }

  async forget(scaleId: number) {
    await this.pool.query('DELETE FROM scale_live WHERE scale_id = $1', [scaleId]);
  }

  async close() {}
}

class RedisLiveScales implements LiveScales {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key = (scaleId: number) => `${this.prefix}:scale-live:${scaleId}`;

  async saveReport(scaleId: number, report: BridgeReport, reportedAt: Date) {
    // Read the two fields it needs, then write: two API processes saving at once may miss one pair,
    // never the next ones.
    const [bridgeId = null, previousAt = null] = await this.redis.hmget(
      this.key(scaleId),
      'bridgeId',
      'reportedAt',
    );
    const previous = { bridgeId, reportedAt: previousAt ? new Date(previousAt) : null };
    const secondBridge = fromAnotherBridge(previous, report, reportedAt);
    await this.redis.hset(this.key(scaleId), {
      report: JSON.stringify(report),
      reportedAt: reportedAt.toISOString(),
      ...(report.bridgeId ? { bridgeId: report.bridgeId } : {}),
      ...(readsZero(report) ? { zeroedSinceWeighing: '1' } : {}),
      ...(secondBridge ? { secondBridgeAt: reportedAt.toISOString() } : {}),
    });
    return { secondBridge };
  }

  async takeZero(scaleId: number) {
    return (await this.redis.hdel(this.key(scaleId), 'zeroedSinceWeighing')) === 1;
  }

  async giveZeroBack(scaleId: number) {
    await this.redis.hset(this.key(scaleId), 'zeroedSinceWeighing', '1');
  }

  async saveRefusal(scaleId: number, message: string, at: Date) {
    await this.redis.hset(this.key(scaleId), { refusedAt: at.toISOString(), refusedMessage: message });
  }

  async setWeighing(scaleId: number, userId: number | null, at: Date) {
    if (userId === null) await this.redis.hdel(this.key(scaleId), 'weighingByUserId', 'weighingSince');
    else
      await this.redis.hset(this.key(scaleId), {
        weighingByUserId: String(userId),
        weighingSince: at.toISOString(),
      });
  }

  async find(scaleId: number): Promise<LiveScale> {
    const stored = await this.redis.hgetall(this.key(scaleId));
    const date = (value: string | undefined) => (value ? new Date(value) : null);
    return {
      report: stored.report ? (JSON.parse(stored.report) as BridgeReport) : null,
      reportedAt: date(stored.reportedAt),
      weighingByUserId: stored.weighingByUserId ? Number(stored.weighingByUserId) : null,
      weighingSince: date(stored.weighingSince),
      zeroedSinceWeighing: stored.zeroedSinceWeighing === '1',
      secondBridgeAt: date(stored.secondBridgeAt),
      refusedAt: date(stored.refusedAt),
      refusedMessage: stored.refusedMessage ?? null,
    };
  }

  async forget(scaleId: number) {
    await this.redis.del(this.key(scaleId));
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Redis when REDIS_URL is set, else the portal's PostgreSQL database. */
export function createLiveScales(
  config: Pick<PortalConfig, 'redisUrl' | 'queuePrefix'>,
  pool: pg.Pool,
): LiveScales {
  if (!config.redisUrl) return new PostgresLiveScales(pool);
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => console.warn(`live scales: ${error.message}`));
  return new RedisLiveScales(redis, config.queuePrefix);
}
