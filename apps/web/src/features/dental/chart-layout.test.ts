import { describe, expect, it } from 'vitest';
import { narrowRows, surfacesOfTooth, toothSurfacesInOrder, wideRows } from './chart-layout';

const teethOf = (rows: ReturnType<typeof wideRows>) => rows.map((row) => row.teeth.map(({ tooth }) => tooth));

describe('the chart’s layout', () => {
  it('draws the patient’s right on the screen’s left, the upper arch over the lower', () => {
    expect(teethOf(wideRows(false))).toEqual([
      [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
      [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
    ]);
  });

  it('puts the primary teeth inside the arches, under the permanent incisors, canines and premolars', () => {
    const rows = wideRows(true);
    expect(teethOf(rows)[1]).toEqual([55, 54, 53, 52, 51, 61, 62, 63, 64, 65]);
    expect(teethOf(rows)[2]).toEqual([85, 84, 83, 82, 81, 71, 72, 73, 74, 75]);
    // 55 sits under 15, 65 under 25.
    expect(rows[1]?.teeth[0]?.column).toBe(3);
    expect(rows[1]?.teeth.at(-1)?.column).toBe(12);
  });

  it('stacks an arch’s quadrants on a phone, the primary teeth inside the arch', () => {
    expect(teethOf(narrowRows('lower', true))).toEqual([
      [85, 84, 83, 82, 81],
      [48, 47, 46, 45, 44, 43, 42, 41],
      [71, 72, 73, 74, 75],
      [31, 32, 33, 34, 35, 36, 37, 38],
    ]);
    expect(narrowRows('upper', false).map((row) => row.side)).toEqual(['right', 'left']);
  });

  it.each([
    // An upper right molar: cheek side up, palate down, mesial towards the midline on the right.
    [16, { centre: 'O', top: 'B', bottom: 'P', left: 'D', right: 'M' }],
    // An upper left incisor: incisal edge, lip side up, mesial on the left.
    [21, { centre: 'I', top: 'F', bottom: 'P', left: 'M', right: 'D' }],
    // A lower left molar: tongue side up, cheek side down.
    [36, { centre: 'O', top: 'L', bottom: 'B', left: 'M', right: 'D' }],
    // A lower right primary canine.
    [83, { centre: 'I', top: 'L', bottom: 'F', left: 'D', right: 'M' }],
  ])('names the zones of tooth %i by its surfaces', (tooth, zones) => {
    expect(surfacesOfTooth(tooth)).toEqual(zones);
  });

  it('lists a tooth’s five surfaces in the menu’s order', () => {
    expect(toothSurfacesInOrder(36)).toEqual(['O', 'M', 'D', 'L', 'B']);
    expect(toothSurfacesInOrder(11)).toEqual(['I', 'M', 'D', 'F', 'P']);
  });
});
