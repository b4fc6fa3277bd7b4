import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretsFromEnv } from './config';
import { loadOrCreateSecrets, newSealKey, sealPublicKeyOf } from './data-dir-secrets';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
const secretsFile = () => path.join(dataDir, 'secrets.json');

describe('the data dir secrets', () => {
  it('are generated once, each its own, kept readable by the owner only', () => {
    const first = loadOrCreateSecrets(dataDir);
    expect(first.linkSecret).toMatch(/^[\w-]{64}$/);
    expect(first.jwtSecret).toMatch(/^[\w-]{64}$/);
    expect(first.linkSecret).not.toBe(first.jwtSecret);
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecrets(dataDir)).toEqual(first);
  });

  it('an older secrets.json without the link secret gains one and keeps everything else', () => {
    const older = { jwtSecret: 'old-jwt', embeddedPostgresPassword: 'old-pg', somethingElse: 1 };
    writeFileSync(secretsFile(), JSON.stringify(older), { mode: 0o600 });
    const secrets = loadOrCreateSecrets(dataDir);
    expect(secrets).toMatchObject({ jwtSecret: 'old-jwt', embeddedPostgresPassword: 'old-pg' });
    expect(secrets.linkSecret).toMatch(/^[\w-]{64}$/);
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8'))).toEqual({
      ...older,
      linkSecret: secrets.linkSecret,
      sealKey: secrets.sealKey,
      sealPublicKeys: secrets.sealPublicKeys,
    });
    expect(loadOrCreateSecrets(dataDir).linkSecret).toBe(secrets.linkSecret);
  });

  it('LINK_SECRET and JWT_SECRET win over the generated ones; blank counts as unset', () => {
    const generated = loadOrCreateSecrets(dataDir);
    expect(secretsFromEnv({ LINK_SECRET: 'link', JWT_SECRET: 'jwt' }, generated)).toMatchObject({
      linkSecret: 'link',
      jwtSecret: 'jwt',
    });
    expect(secretsFromEnv({ LINK_SECRET: ' ', JWT_SECRET: '' }, generated)).toMatchObject({
      linkSecret: generated.linkSecret,
      jwtSecret: generated.jwtSecret,
    });
  });

  it('keeps the public half of every seal key it has held: deleting sealKey rotates it, SEAL_KEY wins', () => {
    const first = loadOrCreateSecrets(dataDir);
    expect(first.sealPublicKeys).toEqual([sealPublicKeyOf(first.sealKey)]);
    const { sealKey: _, ...withoutKey } = JSON.parse(readFileSync(secretsFile(), 'utf8'));
    writeFileSync(secretsFile(), JSON.stringify(withoutKey), { mode: 0o600 });

    const rotated = loadOrCreateSecrets(dataDir);
    expect(rotated.sealKey).not.toBe(first.sealKey);
    expect(rotated.sealPublicKeys).toEqual([
      sealPublicKeyOf(first.sealKey),
      sealPublicKeyOf(rotated.sealKey),
    ]);
    expect(loadOrCreateSecrets(dataDir)).toEqual(rotated);
    const given = newSealKey();
    expect(secretsFromEnv({ SEAL_KEY: given }, rotated)).toMatchObject({
      sealKey: given,
      sealPublicKeys: rotated.sealPublicKeys,
    });
  });
});
