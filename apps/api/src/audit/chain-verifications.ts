import type { AuditStatus, ChainVerificationAnswer } from '@portal/contract';
import { type ChainVerification, verifyEventChains } from '@portal/event-store';
import { allProjections, compareReadModels } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';

type LastVerification = NonNullable<AuditStatus['lastVerification']>;

/**
 * Walks the chains and seals (GET /api/audit/verify, directly or as its run), with `readModels` compares the
 * read models with a rebuild too, and keeps the answer in chain_verification, so the Audit page shows when
 * the chain was last verified, and how, after a reload.
 */
export async function verifyAndRecord(
  host: CommandHost,
  userId: number,
  {
    onProgress,
    readModels = false,
  }: { onProgress?(checkedEvents: number): Promise<void>; readModels?: boolean } = {},
): Promise<ChainVerificationAnswer> {
  const { pool, config, eventStore } = host.infra;
  const chains = await verifyEventChains(pool, { onProgress, sealKeys: config.sealPublicKeys });
  const compared = readModels
    ? await compareReadModels({ pool, eventStore, projections: allProjections })
    : undefined;
  const verification = compared ? { ...chains, ok: chains.ok && compared.ok, readModels: compared } : chains;
  await pool.query(
    `INSERT INTO chain_verification (verified_by_user_id, ok, checked_events, first_break, read_models)
     VALUES ($1, $2, $3, $4, $5)`,
    [userId, verification.ok, verification.checkedEvents, verification.firstBreak, compared ?? null],
  );
  return verification;
}

/** The latest verify that finished; null before the first. */
export async function lastVerification(host: CommandHost): Promise<LastVerification | null> {
  const { rows } = await host.infra.pool.query<{
    verified_at: Date;
    ok: boolean;
    checked_events: string;
    first_break: ChainVerification['firstBreak'];
    read_models: ChainVerificationAnswer['readModels'] | null;
  }>(
    `SELECT verified_at, ok, checked_events, first_break, read_models FROM chain_verification
     ORDER BY verified_at DESC, id DESC LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    verifiedAt: row.verified_at.toISOString(),
    ok: row.ok,
    checkedEvents: Number(row.checked_events),
    firstBreak: row.first_break,
    ...(row.read_models ? { readModels: row.read_models } : {}),
  };
}
