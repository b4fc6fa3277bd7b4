import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), as OWASP recommends for passwords. */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

// Verified against for unknown usernames, so a failed login costs the same time either way.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  const candidate = hash ?? (await decoyHash);
  const matches = await argon2.verify(candidate, password).catch(() => false);
  return hash !== null && matches;
}
