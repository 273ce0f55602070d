import { masterScreenWords } from '@vaidya/contract/master-screens';
import { formatRupees } from '../../lib/money';
import type { MasterRecord } from './api/masters-api';
import type { MasterColumn } from './master-definition';

/** Spec §2: every list on the Prescription Masters screen numbers its rows across pages. */
export const serialNumberColumn: MasterColumn<MasterRecord> = {
  header: masterScreenWords.serialNumber,
  cell: (_record, rowNumber) => rowNumber,
  width: 72,
};

export const nameColumn = <R>(header: string, nameOf: (record: R) => string): MasterColumn<R> => ({
  header,
  cell: nameOf,
});

/** A price or a fee, "₹1,20,000.00", or a dash when none was given. */
export const rupeesColumn = <R>(header: string, amountOf: (record: R) => number | null): MasterColumn<R> => ({
  header,
  cell: (record) => formatRupees(amountOf(record)),
});
