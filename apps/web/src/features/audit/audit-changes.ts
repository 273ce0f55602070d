import { auditFieldLabel, auditScreenWords as words } from '@vaidya/contract/audit-screens';

/** One field of an edit: its name in words, and its value before and after, as text. */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value of the record as a person reads it; a list of plain values is one line of them. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return words.noValue;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? words.noValue : value.map(shownValue).join(', ');
  }
  return JSON.stringify(value, null, 2);
}

/**
 * The rows of an act's changes: each field either side has, in the order they first appear,
 * unchanged ones left out (unless nothing differs); a change that is not a set of fields (a whole value) is one row.
 */
export function changeRows(changes: { before?: unknown; after?: unknown } | null): ChangeRow[] {
  if (!changes) return [];
  const { before, after } = changes;
  if ((before === undefined || isFields(before)) && (after === undefined || isFields(after))) {
    const was = before ?? {};
    const is = after ?? {};
    const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    const rows = fields.map((field) => ({
      field: auditFieldLabel(field),
      before: shownValue(was[field]),
      after: shownValue(is[field]),
    }));
    const changed = rows.filter((row) => row.before !== row.after);
    return changed.length > 0 ? changed : rows;
  }
  return [{ field: words.value, before: shownValue(before), after: shownValue(after) }];
}
