/**
 * The one bill arithmetic (issue 11), in integer paise, shared by the API (what is
 * stored) and the bill editor (the live totals): no floating-point sum anywhere.
 *
 * A line's amount is quantity × unit price. The bill's discount lowers the taxable value
 * of its lines in proportion to their amounts (the largest remainders take the odd
 * paise, so the parts add up to the discount exactly). Tax is computed per line on its
 * taxable value and rounded half up to the paisa. The bill's total is the sum of the
 * taxable values and the taxes.
 */

export interface BillLineFigures {
  quantity: number;
  unitPricePaise: number;
  /** GST rate in hundredths of a percent: 18% is 1800, 0.25% is 25. */
  taxBasisPoints: number;
}

export interface ComputedBillLine {
  amountPaise: number;
  discountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface ComputedBill {
  lines: ComputedBillLine[];
  subtotalPaise: number;
  discountPaise: number;
  taxPaise: number;
  finalPaise: number;
}

/** Rupees with at most two decimals → paise, exactly (12.3 → 1230, 0.07 → 7). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Paise → rupees as the wire carries them (1230 → 12.3). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** A percentage with at most two decimals → basis points (18 → 1800, 2.5 → 250). */
export function toBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** x × rate / 10000, rounded half up, for non-negative integers. */
function taxOf(taxablePaise: number, basisPoints: number): number {
  const product = BigInt(taxablePaise) * BigInt(basisPoints);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/**
 * Splits `total` over `weights` in proportion, in whole units that add up exactly: a bill's
 * discount over its lines, and what a bill was paid over its lines (a dental plan's paid share).
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (BigInt(total) * BigInt(weight)) / BigInt(sum));
  const shares = exact.map(Number);
  let left = total - shares.reduce((all, share) => all + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (BigInt(total) * BigInt(weight)) % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The figures of a bill. The discount is capped at the subtotal (a bill never goes
 * below zero); callers validate that it is not larger.
 */
export function computeBill(input: { lines: BillLineFigures[]; discountPaise: number }): ComputedBill {
  const amounts = input.lines.map((line) => line.quantity * line.unitPricePaise);
  const subtotalPaise = amounts.reduce((all, amount) => all + amount, 0);
  const discountPaise = Math.min(Math.max(input.discountPaise, 0), subtotalPaise);
  const discounts = shareOut(discountPaise, amounts);
  const lines = input.lines.map((line, index) => {
    const amountPaise = amounts[index] ?? 0;
    const lineDiscount = discounts[index] ?? 0;
    const taxablePaise = amountPaise - lineDiscount;
    const taxPaise = taxOf(taxablePaise, line.taxBasisPoints);
    return {
      amountPaise,
      discountPaise: lineDiscount,
      taxablePaise,
      taxPaise,
      totalPaise: taxablePaise + taxPaise,
    };
  });
  const taxPaise = lines.reduce((all, line) => all + line.taxPaise, 0);
  return {
    lines,
    subtotalPaise,
    discountPaise,
    taxPaise,
    finalPaise: subtotalPaise - discountPaise + taxPaise,
  };
}

/** A bill line as requests and the bill editor carry it: rupees and a percentage. */
export interface BillLineInRupees {
  quantity: number;
  unitPrice: number;
  taxPercentage: number;
}

/**
 * The figures of a bill given in rupees, as a request carries it: the one conversion to
 * paise before `computeBill`, for the API (what is stored) and the bill editor (what is
 * shown while typing), so both come to the same paisa.
 */
export function computeBillOfRupees(input: { items: BillLineInRupees[]; discount: number }): ComputedBill {
  return computeBill({
    lines: input.items.map((item) => ({
      quantity: item.quantity,
      unitPricePaise: toPaise(item.unitPrice),
      taxBasisPoints: toBasisPoints(item.taxPercentage),
    })),
    discountPaise: toPaise(input.discount),
  });
}

/** The financial year (1 April – 31 March) of a date 'YYYY-MM-DD', written '2026-27'. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
