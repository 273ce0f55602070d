import { identityMessages, passwordPolicy, passwordUserInputs } from '@vaidya/contract/identity';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * OWASP ASVS L2 (after NIST SP 800-63B): length and a guessability check
 * instead of composition rules, which only push people to "Password1!".
 * zxcvbn estimates how many guesses a cracker needs, knowing common and
 * breached passwords, keyboard walks, repeats, dates, l33t spellings and
 * whatever it is told about the person; decision 009 explains the threshold.
 */
let estimator: ZxcvbnFactory | undefined;

/**
 * Only the first 64 characters are scored: scoring time grows steeply with
 * length (about 90 ms for 64 random characters, 400 ms for 256) and runs on
 * the event loop, while 64 characters that pass are far beyond any guessing.
 */
const scoredLength = 64;

/** Building the ranked dictionaries takes a moment, so it happens once, at the first check. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: scoredLength });
  return estimator;
}

/**
 * Why a password is refused, in Cognito's words, or undefined when it is
 * acceptable. `names` are the person's and the clinic's names where known:
 * they, the email and its parts count against the password.
 */
export function passwordProblem(
  password: string,
  about: { email: string; names?: readonly (string | undefined)[] },
): string | undefined {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < passwordPolicy.minLength) return identityMessages.passwordTooShort;
  if (length > passwordPolicy.maxLength) return identityMessages.passwordTooLong;
  const { score } = strengthEstimator().check(password, passwordUserInputs(about.email, about.names));
  if (score < passwordPolicy.minStrengthScore) return identityMessages.passwordEasyToGuess;
  return undefined;
}
