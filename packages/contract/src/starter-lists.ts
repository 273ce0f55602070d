import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

/**
 * The starter lists: the common complaints, findings, investigations, diagnoses,
 * medicines, templates and treatments of a speciality, copied into a clinic's own
 * masters at sign-up or from the masters screen (decision 017).
 */

/** How many entries of each list were added; names the clinic already had are skipped. */
export const starterListCountsSchema = z.object({
  complaints: z.number().int().nonnegative(),
  observations: z.number().int().nonnegative(),
  investigations: z.number().int().nonnegative(),
  diagnoses: z.number().int().nonnegative(),
  medicines: z.number().int().nonnegative(),
  templates: z.number().int().nonnegative(),
  treatments: z.number().int().nonnegative(),
});
export type StarterListCounts = z.infer<typeof starterListCountsSchema>;

export const addStarterListsResponse = dataEnvelope(starterListCountsSchema);

/** Each list's word for one entry and for several, in the order the message names them. */
const listWords: Record<keyof StarterListCounts, [one: string, several: string]> = {
  complaints: ['complaint', 'complaints'],
  observations: ['observation', 'observations'],
  investigations: ['investigation', 'investigations'],
  diagnoses: ['diagnosis', 'diagnoses'],
  medicines: ['medicine', 'medicines'],
  templates: ['medicine template', 'medicine templates'],
  treatments: ['treatment', 'treatments'],
};

export const starterListMessages = {
  /** "Starter lists added: 24 complaints, 1 diagnosis, 27 treatments"; lists with nothing added are left out. */
  added(counts: StarterListCounts) {
    const parts = (Object.keys(listWords) as (keyof StarterListCounts)[])
      .filter((list) => counts[list] > 0)
      .map((list) => `${counts[list]} ${listWords[list][counts[list] === 1 ? 0 : 1]}`);
    return parts.length === 0
      ? 'Your lists already have every starter entry, so nothing was added'
      : `Starter lists added: ${parts.join(', ')}`;
  },
} as const;

export const starterListEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/masters/add-starter-lists',
    summary: "Copies the speciality's starter lists into the clinic's masters, skipping names it has",
    tags: ['masters'],
    access: 'signed-in',
    permission: 'masters',
    response: addStarterListsResponse,
    // The caller's clinic could not be found.
    refusals: [404],
  }),
};

/** What the Prescription Masters screen says about them. */
export const starterListsScreen = {
  button: 'Add starter lists',
  confirmTitle: 'Add starter lists',
  confirmText:
    'Copy the common lists for your speciality into your lists? Names you already have are skipped.',
  confirm: 'Add lists',
  cancel: 'Cancel',
  failed: 'Could not add the starter lists. Please try again.',
} as const;
