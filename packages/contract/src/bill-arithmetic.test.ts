import { describe, expect, it } from 'vitest';
import {
  type BillLineFigures,
  computeBill,
  computeBillOfRupees,
  financialYearOf,
  toBasisPoints,
  toPaise,
  toRupees,
} from './bill-arithmetic';

/** A small seeded generator (mulberry32): the same random bills on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const rates = [0, 0, 500, 1200, 1800, 2800, 25, 250];

describe('computeBill over random bills', () => {
  const random = seeded(20_261_102);
  const cases = Array.from({ length: 500 }, () => {
    const lines: BillLineFigures[] = Array.from({ length: random.int(1, 12) }, () => ({
      quantity: random.int(1, 1000),
      unitPricePaise: random.int(0, 5) === 0 ? 0 : random.int(1, 2_000_000),
      taxBasisPoints: rates[random.int(0, rates.length - 1)] as number,
    }));
    const subtotal = lines.reduce((all, line) => all + line.quantity * line.unitPricePaise, 0);
    const discountPaise = random.int(0, 3) === 0 ? 0 : random.int(0, subtotal);
    return { lines, discountPaise, paidPaise: random.int(0, subtotal * 2) };
  });

  it('adds up: lines to totals, subtotal − discount + tax to the final amount, the discount’s shares to the discount', () => {
    for (const { lines, discountPaise } of cases) {
      const bill = computeBill({ lines, discountPaise });
      const sum = (pick: (line: (typeof bill.lines)[number]) => number) =>
        bill.lines.reduce((all, line) => all + pick(line), 0);
      expect(bill.lines).toHaveLength(lines.length);
      expect(sum((line) => line.amountPaise)).toBe(bill.subtotalPaise);
      expect(sum((line) => line.discountPaise)).toBe(bill.discountPaise);
      expect(bill.discountPaise).toBe(discountPaise);
      expect(sum((line) => line.taxPaise)).toBe(bill.taxPaise);
      expect(sum((line) => line.totalPaise)).toBe(bill.finalPaise);
      expect(bill.finalPaise).toBe(bill.subtotalPaise - bill.discountPaise + bill.taxPaise);
      bill.lines.forEach((line, index) => {
        const input = lines[index] as BillLineFigures;
        expect(line.amountPaise).toBe(input.quantity * input.unitPricePaise);
        expect(line.discountPaise).toBeGreaterThanOrEqual(0);
        expect(line.discountPaise).toBeLessThanOrEqual(line.amountPaise);
        expect(line.taxablePaise).toBe(line.amountPaise - line.discountPaise);
        // Half up to the paisa: within half a paisa of the exact tax.
        expect(
          Math.abs(line.taxPaise - (line.taxablePaise * input.taxBasisPoints) / 10_000),
        ).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(line.taxPaise)).toBe(true);
      });
    }
  });

  it('shares the discount in proportion: no line’s share is off by a paisa or more', () => {
    for (const { lines, discountPaise } of cases) {
      const bill = computeBill({ lines, discountPaise });
      if (bill.subtotalPaise === 0) continue;
      for (const line of bill.lines) {
        const exact = (discountPaise * line.amountPaise) / bill.subtotalPaise;
        expect(Math.abs(line.discountPaise - exact)).toBeLessThan(1);
      }
    }
  });

  it('leaves a balance of final − paid, and never counts more paid than the bill', () => {
    for (const { lines, discountPaise, paidPaise } of cases) {
      const bill = computeBill({ lines, discountPaise });
      const paid = Math.min(paidPaise, bill.finalPaise);
      expect(paid).toBeGreaterThanOrEqual(0);
      expect(bill.finalPaise - paid).toBeGreaterThanOrEqual(0);
      expect(paid + (bill.finalPaise - paid)).toBe(bill.finalPaise);
    }
  });

  it('caps a discount above the subtotal and treats a negative one as none', () => {
    const lines = [{ quantity: 2, unitPricePaise: 1000, taxBasisPoints: 1800 }];
    expect(computeBill({ lines, discountPaise: 5000 })).toMatchObject({ discountPaise: 2000, finalPaise: 0 });
    expect(computeBill({ lines, discountPaise: -5 })).toMatchObject({ discountPaise: 0, finalPaise: 2360 });
  });
});

describe('conversions', () => {
  it('turns rupees and percentages with two decimals into exact integers and back', () => {
    expect([toPaise(12.3), toPaise(0.07), toPaise(1.15), toPaise(10_000_000)]).toEqual([
      1230, 7, 115, 1_000_000_000,
    ]);
    expect([toRupees(1230), toRupees(7)]).toEqual([12.3, 0.07]);
    expect([toBasisPoints(18), toBasisPoints(2.5), toBasisPoints(0.29)]).toEqual([1800, 250, 29]);
    const random = seeded(7);
    for (let index = 0; index < 1000; index += 1) {
      const paise = random.int(0, 1_000_000_000);
      expect(toPaise(toRupees(paise))).toBe(paise);
    }
  });
});

describe('computeBillOfRupees', () => {
  it('comes to the paisa computeBill gives for the same bill in paise', () => {
    const bill = computeBillOfRupees({
      items: [
        { quantity: 3, unitPrice: 33.33, taxPercentage: 12 },
        { quantity: 1, unitPrice: 1200, taxPercentage: 0 },
        { quantity: 2, unitPrice: 0.07, taxPercentage: 2.5 },
      ],
      discount: 10,
    });
    expect(bill).toEqual(
      computeBill({
        lines: [
          { quantity: 3, unitPricePaise: 3333, taxBasisPoints: 1200 },
          { quantity: 1, unitPricePaise: 120_000, taxBasisPoints: 0 },
          { quantity: 2, unitPricePaise: 7, taxBasisPoints: 250 },
        ],
        discountPaise: 1000,
      }),
    );
    // ₹0.77 of the ₹10 lowers the 12% line to ₹99.22, whose tax is ₹11.9064, so ₹11.91.
    expect(bill.lines[0]).toEqual({
      amountPaise: 9999,
      discountPaise: 77,
      taxablePaise: 9922,
      taxPaise: 1191,
      totalPaise: 11_113,
    });
  });
});

describe('financialYearOf', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(financialYearOf('2100-01-01')).toBe('2099-00');
  });
});
