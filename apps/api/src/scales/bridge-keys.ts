import { DomainError } from '@portal/domain';
import type pg from 'pg';
import type { AttemptCounters } from '../auth/attempt-counters';
import { clientAddressKey } from '../auth/client-address';
import { keyHashOf, newRandomKey } from '../auth/random-keys';

/**
 * A scale bridge proves which scale it speaks for with a key an administrator issued for that scale.
 * The key is shown once, at issue; only its SHA-256 is stored (256 random bits need no salt or slow
 * hash), so a copy of the database opens nothing. Revoked keys stay listed, never valid again.
 */
const keyPrefix = 'sbk_';

interface BridgeKeyView {
  id: string;
  scaleId: number;
  createdAt: Date;
  createdByUserId: number | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const columns = `id, scale_id AS "scaleId", created_at AS "createdAt", created_by_user_id AS "createdByUserId",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export async function issueBridgeKey(
  pool: pg.Pool,
  scaleId: number,
  userId: number,
): Promise<{ view: BridgeKeyView; key: string }> {
  const { key, keyHash } = newRandomKey(keyPrefix);
  const { rows } = await pool.query<BridgeKeyView>(
    `INSERT INTO scale_bridge_key (scale_id, key_hash, created_by_user_id) VALUES ($1, $2, $3) RETURNING ${columns}`,
    [scaleId, keyHash, userId],
  );
  return { view: rows[0] as BridgeKeyView, key };
}

export async function listBridgeKeys(pool: pg.Pool, scaleId: number): Promise<BridgeKeyView[]> {
  const { rows } = await pool.query<BridgeKeyView>(
    `SELECT ${columns} FROM scale_bridge_key WHERE scale_id = $1 ORDER BY created_at, id`,
    [scaleId],
  );
  return rows;
}

/** Revokes one key of the scale; answers false when the scale has no such key. */
export async function revokeBridgeKey(pool: pg.Pool, scaleId: number, keyId: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE scale_bridge_key SET revoked_at = coalesce(revoked_at, now()) WHERE scale_id = $1 AND id = $2`,
    [scaleId, keyId],
  );
  return rowCount === 1;
}

/** Revokes every key of a deleted scale. */
export async function revokeBridgeKeysOf(pool: pg.Pool, scaleId: number): Promise<void> {
  await pool.query(
    'UPDATE scale_bridge_key SET revoked_at = now() WHERE scale_id = $1 AND revoked_at IS NULL',
    [scaleId],
  );
}

/** The scale a presented key speaks for, or null (unknown, malformed or revoked). */
async function scaleOfBridgeKey(pool: pg.Pool, key: string): Promise<number | null> {
  if (!key.startsWith(keyPrefix) || key.length > 100) return null;
  // last_used_at is refreshed at most once a minute: bridges report several times a second.
  const { rows } = await pool.query<{ scaleId: number }>(
    `WITH found AS (SELECT id, scale_id FROM scale_bridge_key WHERE key_hash = $1 AND revoked_at IS NULL),
          touched AS (UPDATE scale_bridge_key k SET last_used_at = now() FROM found
                      WHERE k.id = found.id AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute'))
     SELECT scale_id AS "scaleId" FROM found`,
    [keyHashOf(key)],
  );
  return rows[0]?.scaleId ?? null;
}

/**
 * Wrong bridge keys one client address may present (issue 32, item 7): 20 per 10 minutes, then 429 until
 * the window ends. Counted on the counters the dispatch link uses; a right key gives its attempt back.
 */
const bridgeKeyAttemptLimit = { limit: 20, periodMs: 10 * 60_000 };

const throttledMessage = (ms: number) =>
  `Too many wrong scale bridge keys from this address. Try again in ${Math.ceil(ms / 60_000)} minute${ms > 60_000 ? 's' : ''}.`;

/**
 * The scale a key presented from `ip` speaks for, or null. The address's attempt is taken first, so a
 * locked address learns nothing of any key it tries (right ones included) until its window ends.
 */
export async function scaleOfBridgeKeyFrom(
  infra: { pool: pg.Pool; linkAttempts: AttemptCounters; config: { queuePrefix: string } },
  key: string,
  ip: string,
): Promise<number | null> {
  const counter = `${infra.config.queuePrefix}:bridge-key:address:${clientAddressKey(ip)}`;
  const lockedForMs = await infra.linkAttempts.take([{ key: counter, ...bridgeKeyAttemptLimit }], Date.now());
  if (lockedForMs > 0) throw new DomainError('throttled', throttledMessage(lockedForMs));
  const scaleId = await scaleOfBridgeKey(infra.pool, key);
  if (scaleId !== null) await infra.linkAttempts.giveBack([counter], Date.now());
  return scaleId;
}
