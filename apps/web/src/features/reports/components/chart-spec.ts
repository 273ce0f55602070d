/** What a report's chart shows, in the report's own terms; chart-canvas.tsx draws it. */
export interface ChartSpec {
  /** A line for a trend over days, bars for parts (modes, doctors, treatments). */
  kind: 'line' | 'bar';
  /** One per point or bar: a period, a bucket, a treatment. */
  labels: string[];
  series: { label: string; values: number[] }[];
  /** Money in rupees or a count of things. */
  unit: 'rupees' | 'count';
  /** Bars of one label on top of each other: the parts of a period's money. */
  stacked?: boolean;
  /** Bars lying along, for long names (treatments, medicines). */
  horizontal?: boolean;
}
