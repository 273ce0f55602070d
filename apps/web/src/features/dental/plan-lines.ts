import type { PlanAlternative, PlanItem, ToothNumbering, TreatmentPlan } from '@vaidya/contract/dental';
import { estimateWords as words } from '@vaidya/contract/estimate-screens';
import { universalNumber } from '@vaidya/contract/tooth-numbers';

/**
 * A tooth as the clinic numbers it on screen and paper: FDI as the API speaks it, or Universal.
 * Kept here, with nothing of the chart's, for the patient's light estimate page.
 */
export const toothLabel = (tooth: number, numbering: ToothNumbering) =>
  numbering === 'UNIVERSAL' ? universalNumber(tooth) : String(tooth);

/** Where an item goes in the mouth: "Tooth 36 (M, O)", or nothing for a whole-mouth treatment. */
export function itemPlace(item: Pick<PlanItem, 'tooth' | 'surfaces'>, numbering: ToothNumbering): string {
  if (item.tooth === null) return '';
  const tooth = words.tooth(toothLabel(item.tooth, numbering));
  return item.surfaces.length > 0 ? `${tooth} (${item.surfaces.join(', ')})` : tooth;
}

/** "Root canal treatment · Tooth 36 (M, O)". */
export function itemLine(item: PlanItem, numbering: ToothNumbering): string {
  const place = itemPlace(item, numbering);
  return place ? `${item.treatment_name} · ${place}` : item.treatment_name;
}

/** An alternative's items by sitting, the sittings in order. */
export function bySitting<Item extends Pick<PlanItem, 'sitting'>>(
  items: readonly Item[],
): { sitting: number; items: Item[] }[] {
  const sittings = [...new Set(items.map((item) => item.sitting))].sort((a, b) => a - b);
  return sittings.map((sitting) => ({ sitting, items: items.filter((item) => item.sitting === sitting) }));
}

/** The alternative the patient accepted, if any. */
export const acceptedAlternative = <Alternative extends Pick<PlanAlternative, 'id'>>(
  plan: Pick<TreatmentPlan, 'accepted_alternative_id'> & { alternatives: readonly Alternative[] },
): Alternative | undefined =>
  plan.alternatives.find((alternative) => alternative.id === plan.accepted_alternative_id);
