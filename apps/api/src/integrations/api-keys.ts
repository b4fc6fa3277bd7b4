import type { ApiKey, NewApiKeyBody } from '@portal/contract';
import type pg from 'pg';
import { keyHashOf, newRandomKey } from '../auth/random-keys';
import type { PresentedApiKey } from '../plugins/authentication';

/**
 * API keys for machine clients (docs/integrations.md, "API keys"): shown once at issue, stored as their
 * SHA-256 only (`newRandomKey` says why a fast hash is right for them).
 */
const apiKeyPrefix = 'pk_';

const columns = `id, name, scopes, created_at AS "createdAt", created_by_user_id AS "createdByUserId",
  expires_at AS "expiresAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

type ApiKeyRow = Omit<ApiKey, 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'> & {
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Issues a key as `issuedByUserId` asked: the key itself is in this answer and nowhere else. */
export async function issueApiKey(pool: pg.Pool, asked: NewApiKeyBody & { issuedByUserId: number }) {
  const issued = newRandomKey(apiKeyPrefix);
  const { rows } = await pool.query<ApiKeyRow>(
    `INSERT INTO api_key (name, scopes, key_hash, created_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
    [asked.name, asked.scopes, issued.keyHash, asked.issuedByUserId, asked.expiresAt],
  );
  return { apiKey: rows[0] as ApiKeyRow, key: issued.key };
}

export async function listApiKeys(pool: pg.Pool): Promise<ApiKeyRow[]> {
  const { rows } = await pool.query<ApiKeyRow>(`SELECT ${columns} FROM api_key ORDER BY created_at, id`);
  return rows;
}

/** Revokes a key; answers false when there is no such key. A revoked key stays listed, never valid again. */
export async function revokeApiKey(pool: pg.Pool, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    'UPDATE api_key SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1',
    [id],
  );
  return rowCount === 1;
}

const lastUsedResolutionMs = 60_000;

/**
 * Finds presented keys and notes when each was last used. The lookup is one indexed read; "last used"
 * is written at most once a minute per key and process, after the answer's lookup and not awaited, so
 * no request waits on a write and a client's steady traffic costs a row update a minute.
 */
export class ApiKeys {
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly onTouchError: (error: unknown) => void,
  ) {}

  /** The key `presented` names if it is known, unexpired and unrevoked; null otherwise. */
  async find(presented: string): Promise<PresentedApiKey | null> {
    if (!presented.startsWith(apiKeyPrefix) || presented.length > 100) return null;
    const { rows } = await this.pool.query<PresentedApiKey>(
      `SELECT id, name, scopes, created_by_user_id AS "issuedByUserId" FROM api_key
       WHERE key_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [keyHashOf(presented)],
    );
    const key = rows[0] ?? null;
    if (key) this.touch(key.id);
    return key;
  }

  private touch(id: string): void {
    const now = Date.now();
    if (now - (this.touchedAt.get(id) ?? 0) < lastUsedResolutionMs) return;
    this.touchedAt.set(id, now);
    this.pool
      .query(
        `UPDATE api_key SET last_used_at = now()
         WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [id],
      )
      .catch(this.onTouchError);
  }
}
