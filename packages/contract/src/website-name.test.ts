import { describe, expect, it } from 'vitest';
import { editPartnerDetailsBody } from './partner-settings';
import { clinicProfileTexts } from './settings-screens';
import { websiteNameExamples, websiteNameMaxLength, websiteNamePartMaxLength } from './website-name';

const websiteName = editPartnerDetailsBody.shape.qrCodeDomain;
const accepts = (name: string) => websiteName.safeParse(name).success;
const hint = clinicProfileTexts.websiteNameHint('https://app.vaidya.test');

/** `count` characters of one part: letters and a dash inside, a letter at each end. */
const partOf = (count: number) => `a${'b-'.repeat(count).slice(0, count - 2)}c`;

describe('the website name’s help text says the rule the contract applies', () => {
  it('gives examples, plain and in parts, that are accepted', () => {
    for (const example of Object.values(websiteNameExamples)) {
      expect(hint).toContain(example);
      expect(accepts(example), example).toBe(true);
    }
    expect(websiteNameExamples.inParts).toContain('.');
  });

  it('states the longest part and the longest name, and those are the limits', () => {
    expect(hint).toContain(
      `at most ${websiteNamePartMaxLength} characters a part, ${websiteNameMaxLength} in all`,
    );
    expect(partOf(websiteNamePartMaxLength)).toHaveLength(websiteNamePartMaxLength);
    expect(accepts(partOf(websiteNamePartMaxLength))).toBe(true);
    expect(accepts(partOf(websiteNamePartMaxLength + 1))).toBe(false);

    // Three parts of the longest and one that fills the name, dots between.
    const longest = partOf(websiteNamePartMaxLength);
    const filling = websiteNameMaxLength - 3 * (websiteNamePartMaxLength + 1);
    const longestName = [longest, longest, longest, partOf(filling)].join('.');
    expect(longestName).toHaveLength(websiteNameMaxLength);
    expect(accepts(longestName)).toBe(true);
    expect(accepts([longest, longest, longest, partOf(filling + 1)].join('.'))).toBe(false);
  });

  it.each([
    ['upper-case letters', 'Smile-Dental', 'Lower-case letters'],
    ['a character other than a letter, digit, dash or dot', 'smile_dental', 'digits and dashes'],
    ['a part starting with a dash', 'smile.-dental', 'starts and ends with a letter or digit'],
    ['a part ending with a dash', 'smile-', 'starts and ends with a letter or digit'],
    ['an empty part', 'smile..dental', 'dots may join parts'],
    ['a space', 'smile dental', 'digits and dashes'],
  ])('refuses %s, which the help text rules out', (_case, name, rule) => {
    expect(accepts(name)).toBe(false);
    expect(hint).toContain(rule);
  });
});
