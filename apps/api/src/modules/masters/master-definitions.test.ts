import { complaintContract, productContract } from '@vaidya/contract/masters';
import { describe, expect, it } from 'vitest';
import { complaints, diagnoses, products } from '../../db/schema';
import { complaintMaster, defineMaster, nameOnlyMaster } from './master-definitions';

const complaint = { contract: complaintContract, table: complaints, name: complaints.complaint_name };

/*
 * These fail in `tsc -p apps/api` (npm run typecheck), not at run time: each
 * @ts-expect-error must meet the error it announces, or the check fails.
 */
describe('defineMaster', () => {
  it('makes a column or field that its table or contract lacks a type error', () => {
    const wrong = [
      defineMaster({
        ...complaint,
        // @ts-expect-error complaints has no complaint_nam column
        values: (payload) => ({ complaint_nam: payload.complaintName }),
        toRecords: complaintMaster.toRecords,
      }),
      defineMaster({
        contract: productContract,
        table: products,
        name: products.product_name,
        // @ts-expect-error products has no compositon column (an optional column misspelt)
        values: (payload) => ({ product_name: payload.productName, compositon: '' }),
        toRecords: async () => [],
      }),
      defineMaster({
        ...complaint,
        // @ts-expect-error the complaint payload has no complaint field
        values: (payload) => ({ complaint_name: payload.complaint }),
        toRecords: complaintMaster.toRecords,
      }),
      defineMaster({
        ...complaint,
        values: complaintMaster.values,
        // @ts-expect-error a complaint record needs complaint_name
        toRecords: async (_db, rows) => rows.map(({ id }) => ({ id })),
      }),
      defineMaster({
        ...complaint,
        // @ts-expect-error the name column must be one of the table's
        name: diagnoses.diagnosis_name,
        values: complaintMaster.values,
        toRecords: complaintMaster.toRecords,
      }),
    ];
    expect(wrong).toHaveLength(5);
  });
});

describe('nameOnlyMaster', () => {
  it("makes a name-only master whose table lacks its contract's name column a type error", () => {
    // @ts-expect-error diagnoses has no complaint_name column
    const wrong = nameOnlyMaster(complaintContract, diagnoses);
    expect(wrong.contract).toBe(complaintContract);
  });
});
