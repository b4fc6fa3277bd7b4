import { DomainError } from '@portal/domain';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { decoyHash, PasswordHashing, passwordHashingBusyMessage } from './passwords';

const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('PasswordHashing', () => {
  it('hashes with argon2id and verifies: right, wrong, and an unknown user against the decoy', async () => {
    const passwords = new PasswordHashing({ concurrency: 1 });
    const hash = await passwords.hash('Quartz-lantern-meadow-42');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await passwords.verify(hash, 'Quartz-lantern-meadow-42', { address: '192.0.2.1' })).toBe(true);
    expect(await passwords.verify(hash, 'Quartz-lantern-meadow-43', { address: '192.0.2.1' })).toBe(false);
    expect(await passwords.verify(null, 'Quartz-lantern-meadow-42', { address: '192.0.2.1' })).toBe(false);
    expect(await passwords.verify('not a hash', 'anything', { address: '192.0.2.1' })).toBe(false);
    expect(passwords.checksPerformed).toBe(4);
  });

  it("hashes with OWASP's 46 MiB, 1 pass, 1 lane, and still verifies a hash made with the library's defaults", async () => {
    const passwords = new PasswordHashing({ concurrency: 1 });
    expect(parametersOf(await passwords.hash('Quartz-lantern-meadow-42'))).toBe(
      'argon2id$v=19$m=47104,p=1,t=1',
    );
    const madeBefore = await argon2.hash('Quartz-lantern-meadow-42', { type: argon2.argon2id });
    expect(parametersOf(madeBefore)).toBe('argon2id$v=19$m=65536,p=4,t=3');
    expect(await passwords.verify(madeBefore, 'Quartz-lantern-meadow-42', { address: '192.0.2.1' })).toBe(
      true,
    );
    // Two hashes with the old settings' cost: seconds on two busy cores.
  }, 30_000);

  it('gives the decoy the parameters of a fresh hash, so an unknown user costs what a known one does', async () => {
    const fresh = await new PasswordHashing({ concurrency: 1 }).hash('any password at all');
    expect(parametersOf(decoyHash)).toBe(parametersOf(fresh));
  });

  it('refuses an address past its share of the queue with a 429, without checking', async () => {
    const passwords = new PasswordHashing({ concurrency: 1 });
    const checks = Array.from({ length: 9 }, () =>
      passwords.verify(decoyHash, 'guess', { address: '198.51.100.9' }).then(
        () => 'checked',
        (error: unknown) => error,
      ),
    );
    const answers = await Promise.all(checks);
    expect(answers.filter((answer) => answer === 'checked')).toHaveLength(8);
    const refused = answers.find((answer) => answer instanceof DomainError);
    expect(refused).toMatchObject({ kind: 'throttled', message: passwordHashingBusyMessage });
    expect(passwords.checksPerformed).toBe(8);
  });
});
