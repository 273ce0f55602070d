/**
 * The rule of a clinic's website name (`/site/<name>`), which is also the rule of a host name:
 * held in one place, so the Settings help text says exactly what the contract accepts. A plain
 * file without zod: the help text loads with it.
 */

/** The most characters of one part between dots (a DNS label). */
export const websiteNamePartMaxLength = 63;

/** The most characters of the whole name (a DNS name). */
export const websiteNameMaxLength = 253;

/** Names the help text gives as examples: one plain, one in parts. */
export const websiteNameExamples = { plain: 'smile-dental', inParts: 'smile-dental.pune' } as const;

/** One part: a lower-case letter or digit at each end, dashes only inside. */
const part = `[a-z0-9](?:[a-z0-9-]{0,${websiteNamePartMaxLength - 2}}[a-z0-9])?`;

/** A host name: parts separated by dots, each as above, the whole at most `websiteNameMaxLength`. */
export const hostPattern = new RegExp(`^(?=.{1,${websiteNameMaxLength}}$)${part}(?:\\.${part})*$`);
