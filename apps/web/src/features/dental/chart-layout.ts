import type { ToothSurface } from '@vaidya/contract/dental';

/*
 * Where each tooth of the chart sits, as the dentist faces the patient: the patient's right on
 * the left of the screen, the upper arch over the lower. Pure geometry, tested on its own.
 */

export type Arch = 'upper' | 'lower';

/** Width of one tooth's cell and the gap at the midline, in the SVG's units. */
export const toothWidth = 46;
export const midlineGap = 14;

/** A row of teeth as drawn: its teeth left to right, each at a column (0 = leftmost cell). */
export interface ChartRow {
  arch: Arch;
  /** Said above the row on a phone, where the quadrants are stacked. */
  side?: 'right' | 'left';
  teeth: { tooth: number; column: number }[];
}

/** The teeth of an FDI quadrant (1–8) from the midline back: 11…18, 51…55. */
function quadrantTeeth(quadrant: number): number[] {
  const count = quadrant <= 4 ? 8 : 5;
  return Array.from({ length: count }, (_, index) => quadrant * 10 + index + 1);
}

/** The patient's right quadrants read from the back to the midline (18 → 11), the left from the midline out. */
const rightToLeft = (quadrant: number) => quadrantTeeth(quadrant).toReversed();
const leftFromMidline = (quadrant: number) => quadrantTeeth(quadrant);

const placed = (teeth: number[], firstColumn: number) =>
  teeth.map((tooth, index) => ({ tooth, column: firstColumn + index }));

/** The quadrants of an arch: permanent right and left, primary right and left. */
const quadrantsOf: Record<Arch, { right: number; left: number; primaryRight: number; primaryLeft: number }> =
  {
    upper: { right: 1, left: 2, primaryRight: 5, primaryLeft: 6 },
    lower: { right: 4, left: 3, primaryRight: 8, primaryLeft: 7 },
  };

/**
 * Both arches side to side, 16 columns: the permanent teeth on the outside rows, the primary
 * teeth (mixed dentition) on the inner rows under the permanent incisors, canines and premolars.
 */
export function wideRows(mixedDentition: boolean): ChartRow[] {
  const row = (arch: Arch, primary: boolean): ChartRow => {
    const quadrants = quadrantsOf[arch];
    return primary
      ? {
          arch,
          teeth: [
            ...placed(rightToLeft(quadrants.primaryRight), 3),
            ...placed(leftFromMidline(quadrants.primaryLeft), 8),
          ],
        }
      : {
          arch,
          teeth: [...placed(rightToLeft(quadrants.right), 0), ...placed(leftFromMidline(quadrants.left), 8)],
        };
  };
  return mixedDentition
    ? [row('upper', false), row('upper', true), row('lower', true), row('lower', false)]
    : [row('upper', false), row('lower', false)];
}

/**
 * One arch on a phone, 8 columns: the patient's right quadrant over the left one, each with its
 * primary teeth beside the permanent ones (inside the arch: under them above, over them below).
 */
export function narrowRows(arch: Arch, mixedDentition: boolean): ChartRow[] {
  const quadrants = quadrantsOf[arch];
  const row = (which: 'right' | 'left', quadrant: number, firstColumn: number): ChartRow => ({
    arch,
    side: which,
    teeth: placed(which === 'right' ? rightToLeft(quadrant) : leftFromMidline(quadrant), firstColumn),
  });
  const side = (which: 'right' | 'left'): ChartRow[] => {
    const right = which === 'right';
    const permanent = row(which, right ? quadrants.right : quadrants.left, 0);
    if (!mixedDentition) return [permanent];
    const primary = row(which, right ? quadrants.primaryRight : quadrants.primaryLeft, right ? 3 : 0);
    return arch === 'upper' ? [permanent, primary] : [primary, permanent];
  };
  return [...side('right'), ...side('left')];
}

/** Where a row's columns start: the midline gap falls after column 7 of a 16-column row. */
export function columnX(column: number, columns: number): number {
  return column * toothWidth + (columns > 8 && column >= 8 ? midlineGap : 0);
}

export const rowsWidth = (columns: number) => columns * toothWidth + (columns > 8 ? midlineGap : 0);

/** The five zones of a tooth's drawing, as the dentist sees it. */
export type Zone = 'top' | 'bottom' | 'left' | 'right' | 'centre';

/** Incisors and canines (position 1–3) have an incisal edge and a facial side; the rest occlusal and buccal. */
const isAnterior = (tooth: number) => tooth % 10 <= 3;

/** The patient's right quadrants are drawn on the screen's left: their midline, the mesial side, is on the right. */
const isOnScreenLeft = (tooth: number) => [1, 4, 5, 8].includes(Math.floor(tooth / 10));

const isUpper = (tooth: number) => [1, 2, 5, 6].includes(Math.floor(tooth / 10));

/**
 * The surface each zone of a tooth is: the biting surface in the middle, mesial towards the
 * midline, the cheek or lip side outside the arch (top for the upper teeth, bottom for the
 * lower), the palate or tongue side inside.
 */
export function surfacesOfTooth(tooth: number): Record<Zone, ToothSurface> {
  const outer: ToothSurface = isAnterior(tooth) ? 'F' : 'B';
  const inner: ToothSurface = isUpper(tooth) ? 'P' : 'L';
  const mesialOnRight = isOnScreenLeft(tooth);
  return {
    centre: isAnterior(tooth) ? 'I' : 'O',
    top: isUpper(tooth) ? outer : inner,
    bottom: isUpper(tooth) ? inner : outer,
    left: mesialOnRight ? 'D' : 'M',
    right: mesialOnRight ? 'M' : 'D',
  };
}

/** A tooth's surfaces in the order the menu lists them. */
export function toothSurfacesInOrder(tooth: number): ToothSurface[] {
  const zones = surfacesOfTooth(tooth);
  return [zones.centre, 'M', 'D', zones.top, zones.bottom];
}
