import type { PlanAlternative, PlanItem, ToothNumbering, TreatmentPlan } from '@vaidya/contract/dental';
import { treatmentPlanWords as words } from '@vaidya/contract/dental-screens';
import { toothLabel } from './chart-view';

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
export function bySitting(items: readonly PlanItem[]): { sitting: number; items: PlanItem[] }[] {
  const sittings = [...new Set(items.map((item) => item.sitting))].sort((a, b) => a - b);
  return sittings.map((sitting) => ({ sitting, items: items.filter((item) => item.sitting === sitting) }));
}

/** The alternative the patient accepted, if any. */
export const acceptedAlternative = (plan: TreatmentPlan): PlanAlternative | undefined =>
  plan.alternatives.find((alternative) => alternative.id === plan.accepted_alternative_id);
