import { type MasterNames, masterMessages } from '@vaidya/contract/masters';
import type { Handler } from './fake-server';

export type FakeRow = { id: string } & Record<string, unknown>;

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * One master's list, add, update and delete over rows kept in memory, as the server
 * answers them, its messages included: the list searches by name and pages (`page`
 * from 1), an added row goes last. `toRecord` turns a saved payload into the record, by default its name only.
 */
export function fakeMaster(
  names: MasterNames,
  initialRows: FakeRow[],
  toRecord: (payload: Record<string, unknown>) => Record<string, unknown> = (payload) => ({
    [names.nameField]: payload[names.payloadField],
  }),
): Record<string, Handler> {
  let rows = [...initialRows];
  let next = 100;
  const list: Handler = ({ url }) => {
    const query = (url.searchParams.get('query') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const found = rows.filter((row) => String(row[names.nameField]).toLowerCase().includes(query));
    return Response.json({
      data: {
        results: found.slice((page - 1) * limit, page * limit),
        pagination: { total: found.length, page, limit },
      },
    });
  };
  const save =
    (status: number): Handler =>
    ({ body }) => {
      const payload = body as Record<string, unknown>;
      const saved = { id: (payload.id as string | undefined) ?? uuid(next++), ...toRecord(payload) };
      rows = payload.id ? rows.map((row) => (row.id === saved.id ? saved : row)) : [...rows, saved];
      const message = payload.id ? masterMessages.updated(names.label) : masterMessages.added(names.label);
      return Response.json({ data: saved, message }, { status });
    };
  return {
    [`GET /api/masters/get-${names.plural}`]: list,
    [`POST /api/masters/add-${names.slug}`]: save(201),
    [`PUT /api/masters/update-${names.slug}`]: save(200),
    [`DELETE /api/masters/delete-${names.slug}`]: ({ url }) => {
      const deleted = rows.find((row) => row.id === url.searchParams.get(names.idQuery));
      if (!deleted) return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      rows = rows.filter((row) => row !== deleted);
      return Response.json({ data: deleted, message: masterMessages.deleted(names.label) });
    },
  };
}
