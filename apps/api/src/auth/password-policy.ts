import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** docs/security.md, "Passwords": what a new password must be (NIST SP 800-63B: length and a blocklist, no composition rules). */
const passwordRules = {
  minLength: 12,
  maxLength: 128,
  /** zxcvbn's 0-4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
  minScore: 3,
} as const;

export const passwordPolicyMessages = {
  tooShort: `Password must be at least ${passwordRules.minLength} characters`,
  tooLong: `Password must be at most ${passwordRules.maxLength} characters`,
  isUsername: 'Password must not be the username',
  tooEasy: (warning: string | null) =>
    `Password is too easy to guess.${warning ? ` ${warning}` : ''} Use a longer phrase of uncommon words.`,
} as const;

/** Who the password is for: their names are the first things an attacker tries. */
interface PasswordOwner {
  username: string;
  firstName: string;
  lastName: string;
}

// The dictionaries take ~0.1 s and some MiB to load: once, on the first password set, not at start.
let estimator: Promise<ZxcvbnFactory> | null = null;

function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })();
  return estimator;
}

/** The message of the first rule a new password breaks, or null when it passes them all. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  // Characters as people count them (an emoji is one), not UTF-16 units.
  const length = [...password].length;
  if (length < passwordRules.minLength) return passwordPolicyMessages.tooShort;
  if (length > passwordRules.maxLength) return passwordPolicyMessages.tooLong;
  const username = owner.username.trim().toLowerCase();
  if (password.trim().toLowerCase() === username) return passwordPolicyMessages.isUsername;
  const userInputs = [username, ...username.split(/[^\p{L}\p{N}]+/u), owner.firstName, owner.lastName];
  const { score, feedback } = (await strengthEstimator()).check(
    password,
    userInputs.filter((input) => input.trim() !== ''),
  );
  return score < passwordRules.minScore ? passwordPolicyMessages.tooEasy(feedback.warning) : null;
}
