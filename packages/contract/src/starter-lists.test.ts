import { describe, expect, it } from 'vitest';
import { starterListMessages } from './starter-lists';

const noneAdded = {
  complaints: 0,
  observations: 0,
  investigations: 0,
  diagnoses: 0,
  medicines: 0,
  templates: 0,
  treatments: 0,
};

describe('what adding the starter lists says', () => {
  it('names each list that grew, one entry in the singular and several in the plural', () => {
    expect(starterListMessages.added({ ...noneAdded, complaints: 1, diagnoses: 2, templates: 1 })).toBe(
      'Starter lists added: 1 complaint, 2 diagnoses, 1 medicine template',
    );
    expect(starterListMessages.added({ ...noneAdded, diagnoses: 1, treatments: 27 })).toBe(
      'Starter lists added: 1 diagnosis, 27 treatments',
    );
  });

  it('says so when the clinic already had every entry', () => {
    expect(starterListMessages.added(noneAdded)).toBe(
      'Your lists already have every starter entry, so nothing was added',
    );
  });
});
