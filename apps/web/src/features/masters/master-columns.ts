import { masterScreenWords } from '@vaidya/contract/master-screens';
import type { MasterRecord } from './api/masters-api';
import type { MasterColumn } from './master-definition';

/** Spec §2: every list on the Consultation Masters screen numbers its rows across pages. */
export const serialNumberColumn: MasterColumn<MasterRecord> = {
  header: masterScreenWords.serialNumber,
  cell: (_record, rowNumber) => rowNumber,
  width: 72,
};

export const nameColumn = <R>(header: string, nameOf: (record: R) => string): MasterColumn<R> => ({
  header,
  cell: nameOf,
});

export const rupeesOrNone = (amount: number | null) =>
  amount == null ? masterScreenWords.none : masterScreenWords.rupees(amount);
