import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rawPublicKey } from '@portal/event-store';

export interface DataDirSecrets {
  jwtSecret: string;
  /** Keys the public ticket links' hashes; kept apart from the session-signing secret. */
  linkSecret: string;
  embeddedPostgresPassword: string;
  /** Signs the seals: an Ed25519 private key, PKCS #8 DER in base64. */
  sealKey: string;
  /** The public halves (raw, base64url) of every seal key this data dir has held: old seals verify after rotation. */
  sealPublicKeys: string[];
}

const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A new Ed25519 seal key, PKCS #8 DER in base64 (what SEAL_KEY holds too). */
export const newSealKey = (): string =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

/** A seal key given as PKCS #8 DER in base64, to sign with. */
export const sealPrivateKey = (sealKey: string) =>
  createPrivateKey({ key: Buffer.from(sealKey, 'base64'), format: 'der', type: 'pkcs8' });

/** The raw public half (base64url) of a seal key given as PKCS #8 DER in base64. */
export const sealPublicKeyOf = (sealKey: string): string =>
  rawPublicKey(createPublicKey(sealPrivateKey(sealKey)));

/**
 * Secrets generated on first start and kept (mode 0600) in the data dir, so restarts keep sessions
 * and links valid. A file from an older release lacking a secret gains it, keeping the others.
 */
export function loadOrCreateSecrets(dataDir: string): DataDirSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  const kept: Partial<DataDirSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: DataDirSecrets = {
    jwtSecret: kept.jwtSecret ?? newSecret(48),
    linkSecret: kept.linkSecret ?? newSecret(48),
    embeddedPostgresPassword: kept.embeddedPostgresPassword ?? newSecret(24),
    sealKey: kept.sealKey ?? newSealKey(),
    sealPublicKeys: kept.sealPublicKeys ?? [],
  };
  // Deleting sealKey rotates it: the new key's public half joins the old ones, which stay.
  const sealPublicKey = sealPublicKeyOf(secrets.sealKey);
  if (!secrets.sealPublicKeys.includes(sealPublicKey))
    secrets.sealPublicKeys = [...secrets.sealPublicKeys, sealPublicKey];
  if (
    Object.keys(secrets).some((name) => !(name in kept)) ||
    secrets.sealPublicKeys.length !== kept.sealPublicKeys?.length
  ) {
    writeFileSync(file, JSON.stringify({ ...kept, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
