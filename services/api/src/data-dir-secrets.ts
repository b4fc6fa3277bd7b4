import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirSecrets {
  jwtSecret: string;
  embeddedPostgresPassword: string;
}

/** Secrets generated on first start and kept (mode 0600) in the data dir, so restarts keep sessions valid. */
export function loadOrCreateSecrets(dataDir: string): DataDirSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DataDirSecrets;
  const secrets: DataDirSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    embeddedPostgresPassword: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
