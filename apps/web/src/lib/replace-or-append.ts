/** Spec §4: a saved record replaces the entry with the same id, or is appended. */
export function replaceOrAppend<R extends { id: string }>(records: R[], saved: R): R[] {
  return records.some((record) => record.id === saved.id)
    ? records.map((record) => (record.id === saved.id ? saved : record))
    : [...records, saved];
}
