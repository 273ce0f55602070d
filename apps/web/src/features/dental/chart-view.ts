import type { DentalFinding, FindingState, ToothSurface } from '@vaidya/contract/dental';
import { dentalChartWords as words } from '@vaidya/contract/dental-screens';

/** What the chart draws on one tooth: its whole-tooth finding and each surface's, the latest of each. */
export interface ToothView {
  whole: DentalFinding | null;
  surfaces: Partial<Record<ToothSurface, DentalFinding>>;
}

const later = (a: DentalFinding | undefined | null, b: DentalFinding) =>
  !a || b.created_at > a.created_at ? b : a;

/**
 * The chart's teeth from the current findings (get-chart without a tooth): per tooth the
 * latest whole-tooth finding and, per surface, the latest finding naming it. A finding of
 * several surfaces counts for each.
 */
export function toothViews(findings: readonly DentalFinding[]): Map<number, ToothView> {
  const views = new Map<number, ToothView>();
  for (const finding of findings) {
    if (finding.voided_at) continue;
    const view = views.get(finding.tooth) ?? { whole: null, surfaces: {} };
    if (finding.surfaces.length === 0) view.whole = later(view.whole, finding);
    for (const surface of finding.surfaces) view.surfaces[surface] = later(view.surfaces[surface], finding);
    views.set(finding.tooth, view);
  }
  return views;
}

/** "Caries, planned", or null when nothing is recorded. */
export const findingSummary = (finding: DentalFinding | null | undefined) =>
  finding ? words.finding(finding.condition, finding.state) : null;

/** All a tooth shows in one phrase: "Crown, existing; O caries, planned". */
export function toothSummary(view: ToothView | undefined): string | null {
  if (!view) return null;
  const parts = [
    ...(view.whole ? [words.finding(view.whole.condition, view.whole.state)] : []),
    ...Object.entries(view.surfaces).map(
      ([surface, finding]) => `${surface} ${words.finding(finding.condition, finding.state).toLowerCase()}`,
    ),
  ];
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The condition letters under a tooth, whole-tooth first, each once. */
export function conditionCodes(view: ToothView | undefined): string[] {
  if (!view) return [];
  const findings = [...(view.whole ? [view.whole] : []), ...Object.values(view.surfaces)];
  return [...new Set(findings.map((finding) => words.conditionCodes[finding.condition]))];
}

/** The number a tooth shows: its FDI number, or the Universal one when the clinic numbers so. */
export { toothLabel } from './plan-lines';

/** The colour of each state, with a pattern beside it (`statePatterns`) so colour is never the only sign. */
export const stateColours: Record<FindingState, string> = {
  existing: '#1565c0',
  planned: '#c62828',
  completed: '#2e7d32',
};

/** How a whole-tooth finding's frame is dashed, by state: solid, striped (dashes), dotted. */
export const frameDashes: Record<FindingState, string | undefined> = {
  existing: undefined,
  planned: '5 3',
  completed: '1 3',
};
