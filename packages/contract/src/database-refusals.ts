/**
 * What the server answers when the database refuses a write that the request's checks let
 * through: apart from the screens' sentences, so no page downloads them (the app shows the
 * server's sentence as it comes).
 */
export const databaseRefusals = {
  /** The database refused a value the contract let through (a gap in the contract, answered as bad input). */
  valueNotAccepted: 'A value you entered cannot be saved. Please check it and try again.',
  /** A write met another of the same record at the same moment and the database kept the first (a unique rule). */
  changedMeanwhile: 'This was just changed somewhere else. Please reload and try again.',
} as const;
