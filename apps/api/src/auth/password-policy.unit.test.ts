import { describe, expect, it } from 'vitest';
import { passwordPolicyMessages, passwordProblem } from './password-policy';

const owner = { username: 'zebediah.quixote@portal.test', firstName: 'Sam', lastName: 'Standard' };
const m = passwordPolicyMessages;

describe('password policy', () => {
  it.each([
    ['a', m.tooShort],
    ['Short-pw-11', m.tooShort],
    ['x'.repeat(129), m.tooLong],
    ['Zebediah.Quixote@Portal.test', m.isUsername],
    ['123456789012', m.tooEasy('This is a commonly used password.')],
    ['Password1234!', m.tooEasy('This is similar to a commonly used password.')],
    ['passwordpassword', m.tooEasy('Repeated character patterns like "abcabcabc" are easy to guess.')],
  ])('refuses %j: %s', async (password, message) => {
    expect(await passwordProblem(password, owner)).toBe(message);
  });

  it('words the "too easy" message with the reason when there is one', () => {
    expect(m.tooEasy('This is a commonly used password.')).toBe(
      'Password is too easy to guess. This is a commonly used password. Use a longer phrase of uncommon words.',
    );
    expect(m.tooEasy(null)).toBe('Password is too easy to guess. Use a longer phrase of uncommon words.');
  });

  it.each(['Quartz-lantern-meadow-42', 'tundra lantern cobalt', 'correcthorsebatterystaple'])(
    'accepts the passphrase %j',
    async (password) => {
      expect(await passwordProblem(password, owner)).toBeNull();
    },
  );

  it('counts characters, not UTF-16 units, and allows 128 of them', async () => {
    // Six emoji are twelve UTF-16 units.
    expect(await passwordProblem('🌊🐯🦉🍋🚲🎻', owner)).toBe(m.tooShort);
    expect(await passwordProblem('Quartz-lantern-meadow-42'.padEnd(128, '!'), owner)).toBeNull();
  });

  it("scores the user's names and the parts of their username as easy to guess", async () => {
    const password = 'zebediahquixote';
    expect(await passwordProblem(password, { ...owner, username: 'someone@portal.test' })).toBeNull();
    expect(await passwordProblem(password, owner)).toMatch(/^Password is too easy to guess\./);
    const named = { username: 'someone@portal.test', firstName: 'Zebediah', lastName: 'Quixote' };
    expect(await passwordProblem(password, named)).toMatch(/^Password is too easy to guess\./);
  });
});
