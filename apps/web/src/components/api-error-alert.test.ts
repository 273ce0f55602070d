import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { apiErrorSentence } from './api-error-alert';

const fallback = 'Failed to save complaint';
const failure = (code: string, message: string, status = 400) => new ApiError({ status, code, message });

describe('the sentence an API error alert shows', () => {
  it.each([
    ['INTERNAL', 500],
    ['UNAVAILABLE', 503],
    ['NETWORK_ERROR', 0],
    ['INVALID_RESPONSE', 200],
  ])('is the screen’s own for %s, whatever the message says', (code, status) => {
    expect(apiErrorSentence(failure(code, 'Something went wrong. Please try again.', status), fallback)).toBe(
      fallback,
    );
  });

  it('is the server’s for a refusal it worded', () => {
    expect(
      apiErrorSentence(failure('CONFLICT', 'A complaint named Fever already exists', 409), fallback),
    ).toBe('A complaint named Fever already exists');
  });

  it('drops the refused field’s name in front of a validation sentence', () => {
    expect(
      apiErrorSentence(
        failure('VALIDATION_FAILED', 'complaintName: Complaint name must be at most 200 characters'),
        fallback,
      ),
    ).toBe('Complaint name must be at most 200 characters');
    expect(apiErrorSentence(failure('VALIDATION_FAILED', 'productIds.0: Invalid UUID'), fallback)).toBe(
      'Invalid UUID',
    );
  });

  it('is the screen’s own for anything that is not an API failure', () => {
    expect(apiErrorSentence(new TypeError('x is undefined'), fallback)).toBe(fallback);
  });
});
