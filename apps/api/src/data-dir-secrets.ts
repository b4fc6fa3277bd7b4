import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirSecrets {
  jwtSecret: string;
  /** Keys the public ticket links' hashes; kept apart from the session-signing secret. */
  linkSecret: string;
  embeddedPostgresPassword: string;
}

const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

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
  };
  if (Object.keys(secrets).some((name) => !(name in kept))) {
    writeFileSync(file, JSON.stringify({ ...kept, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
