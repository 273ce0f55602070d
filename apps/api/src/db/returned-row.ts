/**
 * The one row a statement's `.returning()` gave back: an insert, or a change of a row the
 * caller has just found or locked. No row there is a fault of the program, not of the
 * request, so it throws rather than passing `undefined` on as a row.
 */
export function returnedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}
