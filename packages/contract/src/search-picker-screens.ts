/**
 * What the one search-and-pick field says (apps/web/src/components/search-picker.tsx),
 * wherever it is used: the template dialog's medicines now, the consultation and bill
 * editors later.
 */
export const searchPickerWords = {
  /** The only row while the answer for the typed term is on its way: nothing is offered until it arrives. */
  searching: 'Searching…',
  noMatches: (term: string) => (term === '' ? 'Nothing to pick yet' : `Nothing matches "${term}"`),
  /** Where a picker may take a name the search did not find: the offer to keep it as typed. */
  addTyped: (term: string) => `Add "${term}"`,
  searchFailed: 'Could not search. Check your connection and type again.',
} as const;
