/**
 * Universal tooth numbers (display only), without zod: the patient's estimate page, drawn
 * without the contract's schemas (decision 032), prints its teeth as the clinic numbers them.
 * `dental.ts` gives it to the dashboard with the rest of the chart's contract.
 */

/**
 * The Universal number of an FDI tooth: permanent teeth 1–32 from the upper right third
 * molar (18 → "1", 28 → "16", 38 → "17", 48 → "32"), primary teeth A–T from the upper right
 * second molar (55 → "A", 65 → "J", 75 → "K", 85 → "T"). Not an FDI tooth → its number as is.
 */
export function universalNumber(fdi: number): string {
  const quadrant = Math.floor(fdi / 10);
  const position = fdi % 10;
  const permanent = Number.isInteger(fdi) && quadrant >= 1 && quadrant <= 4 && position >= 1 && position <= 8;
  const primary = Number.isInteger(fdi) && quadrant >= 5 && quadrant <= 8 && position >= 1 && position <= 5;
  if (permanent) {
    // Quadrants 1 and 3 run from the back towards the middle, 2 and 4 from the middle back.
    const start = [0, 8, 16, 24][quadrant - 1] ?? 0;
    const runsBackwards = quadrant === 1 || quadrant === 3;
    return String(start + (runsBackwards ? 9 - position : position));
  }
  if (!primary) return String(fdi);
  const start = [0, 5, 10, 15][quadrant - 5] ?? 0;
  const runsBackwards = quadrant === 5 || quadrant === 7;
  return String.fromCharCode(65 + start + (runsBackwards ? 5 - position : position - 1));
}
