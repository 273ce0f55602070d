import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The server's estimator (apps/api password-policy.ts), built the same way so the hint
 * and the server agree: zxcvbn-ts with the common dictionary and keyboard graphs, the
 * first 64 characters scored. This module and its dictionary (a few hundred kB) load
 * only once someone starts typing a new password.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 });

/** zxcvbn's score, 0 (guessed at once) to 4 (out of reach), counting `userInputs` as known. */
export function scorePassword(password: string, userInputs: string[]): number {
  return estimator.check(password, userInputs).score;
}
