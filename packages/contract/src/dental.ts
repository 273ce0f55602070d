import { z } from 'zod';
import { billMessages, billTaxPercentage } from './bills';
import { isFdiTooth, permanentTeeth, primaryTeeth } from './consultation-forms';
import { estimateMessageEndpoints, estimateMessageFailed } from './dental-estimates';
import { publicDocumentPaths } from './document-paths';
import { documentLocationSchema, documentPartnerSchema } from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { rupees } from './money';
import { type ToothNumbering, toothNumberings } from './partner';
import { calendarDateSchema } from './schedule';
import { requiredText, text } from './text';

/**
 * A patient's dental chart and treatment plans (issue 22, decision 046), for clinics whose
 * speciality is DENTIST. The API always speaks FDI tooth numbers (ISO 3950) and surface
 * letters; Universal numbering is the screen's, a clinic setting. A finding is never
 * overwritten: a change adds an entry, a mistaken one is voided ("entered in error") and kept.
 * Money on the wire is rupees with at most two decimals; the arithmetic is bill-arithmetic.ts.
 */

// ── Teeth and surfaces ───────────────────────────────────────────────────────

export { isFdiTooth, permanentTeeth, primaryTeeth };

/** Every FDI tooth: permanent 11–18, 21–28, 31–38, 41–48, then primary 51–55, 61–65, 71–75, 81–85. */
export const fdiTeeth: readonly number[] = [...permanentTeeth, ...primaryTeeth];

/** Mesial, distal, occlusal, incisal, buccal, facial, lingual, palatal. */
export const toothSurfaces = ['M', 'D', 'O', 'I', 'B', 'F', 'L', 'P'] as const;
export type ToothSurface = (typeof toothSurfaces)[number];

/** The Universal number of an FDI tooth (display only), in a module of its own without zod. */
export { universalNumber } from './tooth-numbers';
export { type ToothNumbering, toothNumberings };

// ── Findings ─────────────────────────────────────────────────────────────────

export const dentalConditions = [
  'sound',
  'caries',
  'filling',
  'crown',
  'root_canal_treated',
  'missing',
  'impacted',
  'implant',
  'bridge_pontic',
  'bridge_abutment',
  'fracture',
  'mobility',
  'other',
] as const;
export type DentalCondition = (typeof dentalConditions)[number];

/**
 * Conditions of a whole tooth, never of its surfaces: a finding of one names no surface.
 * The others may name surfaces, or none for the whole tooth.
 */
export const wholeToothConditions: readonly DentalCondition[] = [
  'crown',
  'root_canal_treated',
  'missing',
  'impacted',
  'implant',
  'bridge_pontic',
  'bridge_abutment',
  'mobility',
];

/** Found (done elsewhere or before), planned, or completed by this clinic. */
export const findingStates = ['existing', 'planned', 'completed'] as const;
export type FindingState = (typeof findingStates)[number];

export const mobilityGrades = [1, 2, 3] as const;

/** The longest material, note and sitting note a request carries. */
export const dentalTextMaxLength = { material: 100, note: 500, sittingNote: 2000, title: 200 } as const;

/** How many findings one add-findings call records: a whole mouth's worth. */
export const maxFindingsPerCall = 32;

export const dentalMessages = {
  /** Every dental call of a clinic whose speciality is not DENTIST (spec §6). */
  notDentist:
    'The dental chart and treatment plans are for dental clinics. Set your clinic’s speciality to Dentist in Settings to use them.',
  findingsAdded: 'Findings saved successfully',
  findingVoided: 'Finding marked as entered in error',
  chartUpdated: 'Chart updated successfully',
  planAdded: 'Treatment plan saved successfully',
  planUpdated: 'Treatment plan updated successfully',
  planAccepted: 'Treatment plan accepted',
  itemsCompleted: 'Sitting recorded successfully',
  invalidTooth: 'Tooth must be an FDI tooth number, like 16 or 55',
  invalidSurface: 'Surface must be one of M, D, O, I, B, F, L and P',
  repeatedSurface: 'A surface may be named once',
  invalidCondition: `Condition must be one of ${dentalConditions.join(', ')}`,
  invalidState: 'State must be existing, planned or completed',
  invalidMobilityGrade: 'Mobility grade must be 1, 2 or 3',
  mobilityGradeRequired: 'Mobility grade is required for mobility',
  mobilityGradeOnlyForMobility: 'Mobility grade is recorded only for mobility',
  materialOnlyForFilling: 'Material is recorded only for a filling',
  noteRequiredForOther: 'Note is required for a finding of another kind',
  wholeToothCondition: 'This condition is of the whole tooth: name no surface',
  tooManyFindings: `Findings: at most ${maxFindingsPerCall} at once`,
  noFindings: 'Add at least one finding',
  invalidSitting: 'Sitting must be a whole number from 1 to 20',
  surfacesNeedTooth: 'Surfaces need a tooth',
  discountTooLarge: 'Discount cannot be more than the alternative’s amount',
  noAlternatives: 'A plan needs at least one alternative',
  tooManyAlternatives: 'A plan may have at most 4 alternatives',
  noItems: 'An alternative needs at least one treatment',
  repeatedItem: 'An item may be named once',
  findingVoidedAlready: 'This finding is already marked as entered in error',
  planStarted: 'Work on this plan has started: its items and alternatives can no longer change',
  planNotAccepted: 'Accept one of the plan’s alternatives before marking its items done',
  itemNotInAcceptedAlternative: 'Only items of the accepted alternative can be marked done',
  itemCompletedAlready: (treatment: string) => `${treatment} is already marked done`,
  /** A plan saved before plans named their location (migration 0023) has no hourly WhatsApp limit to count against. */
  planWithoutLocation:
    'This plan was saved before plans named their location, so it cannot be sent on WhatsApp. Save it again as a new plan to send it.',
  /** The outbox's readable copy of the estimate's WhatsApp message. */
  estimateMessage: (message: { patientName: string; partnerName: string; date: string; link: string }) =>
    `Treatment estimate for ${message.patientName} from ${message.partnerName}, ${message.date}: ${message.link}`,
  messageFailed: estimateMessageFailed,
  recordLabels: {
    finding: 'Finding',
    plan: 'Treatment plan',
    alternative: 'Alternative',
    planItem: 'Plan item',
    treatment: 'Treatment',
  },
} as const;

/**
 * A sentence naming its field by its path in the request ("findings.0.tooth: Tooth must be…"),
 * as the server names the fields of its generic messages, so one finding among many is found.
 */
const atField =
  (sentence: string) =>
  (issue: { path?: readonly PropertyKey[] }): string =>
    issue.path?.length ? `${issue.path.map(String).join('.')}: ${sentence}` : sentence;

export const toothSchema = z
  .number({ error: atField(dentalMessages.invalidTooth) })
  .int({ error: atField(dentalMessages.invalidTooth) })
  .refine(isFdiTooth, { error: atField(dentalMessages.invalidTooth) });

export const toothSurfaceSchema = z.enum(toothSurfaces, { error: atField(dentalMessages.invalidSurface) });

const surfacesSchema = z
  .array(toothSurfaceSchema, { error: atField(dentalMessages.invalidSurface) })
  .max(toothSurfaces.length, { error: atField(dentalMessages.repeatedSurface) })
  .refine((surfaces) => new Set(surfaces).size === surfaces.length, {
    error: atField(dentalMessages.repeatedSurface),
  })
  .default([]);

export const dentalConditionSchema = z.enum(dentalConditions, {
  error: atField(dentalMessages.invalidCondition),
});
export const findingStateSchema = z.enum(findingStates, { error: atField(dentalMessages.invalidState) });

/** One finding as add-findings takes it; surfaces empty means the whole tooth. */
export const findingInput = z
  .object({
    tooth: toothSchema,
    surfaces: surfacesSchema,
    condition: dentalConditionSchema,
    state: findingStateSchema,
    material: text({ label: 'Material', max: dentalTextMaxLength.material }).optional(),
    mobilityGrade: z
      .number({ error: atField(dentalMessages.invalidMobilityGrade) })
      .int({ error: atField(dentalMessages.invalidMobilityGrade) })
      .min(1, { error: atField(dentalMessages.invalidMobilityGrade) })
      .max(3, { error: atField(dentalMessages.invalidMobilityGrade) })
      .optional(),
    note: text({ label: 'Note', max: dentalTextMaxLength.note, multiline: true }).optional(),
  })
  .refine((finding) => finding.surfaces.length === 0 || !wholeToothConditions.includes(finding.condition), {
    error: atField(dentalMessages.wholeToothCondition),
    path: ['surfaces'],
  })
  .refine((finding) => finding.condition !== 'mobility' || finding.mobilityGrade !== undefined, {
    error: atField(dentalMessages.mobilityGradeRequired),
    path: ['mobilityGrade'],
  })
  .refine((finding) => finding.condition === 'mobility' || finding.mobilityGrade === undefined, {
    error: atField(dentalMessages.mobilityGradeOnlyForMobility),
    path: ['mobilityGrade'],
  })
  .refine((finding) => finding.condition === 'filling' || !finding.material, {
    error: atField(dentalMessages.materialOnlyForFilling),
    path: ['material'],
  })
  .refine((finding) => finding.condition !== 'other' || Boolean(finding.note), {
    error: atField(dentalMessages.noteRequiredForOther),
    path: ['note'],
  });
export type FindingInput = z.input<typeof findingInput>;

export const addFindingsBody = z.object({
  patientId: z.uuid(),
  findings: z
    .array(findingInput, { error: dentalMessages.noFindings })
    .min(1, dentalMessages.noFindings)
    .max(maxFindingsPerCall, dentalMessages.tooManyFindings),
});
export type AddFindingsBody = z.input<typeof addFindingsBody>;
export type AddFindingsPayload = z.output<typeof addFindingsBody>;

export const voidFindingBody = z.object({ findingId: z.uuid() });
export type VoidFindingBody = z.infer<typeof voidFindingBody>;

export const updateChartBody = z.object({ patientId: z.uuid(), mixedDentition: z.boolean() });
export type UpdateChartBody = z.infer<typeof updateChartBody>;

/**
 * get-chart: without `tooth`, the latest live finding per tooth and surface; with it, every
 * entry of that tooth, voided ones too, oldest first. `as_of` (a clinic date) answers the chart
 * as it stood at that day's end: later entries are left out and later voids not applied.
 */
export const chartQuery = z.object({
  patient_id: z.uuid(),
  tooth: z.coerce
    .number({ error: atField(dentalMessages.invalidTooth) })
    .pipe(toothSchema)
    .optional(),
  as_of: calendarDateSchema.optional(),
});
export type ChartQuery = z.infer<typeof chartQuery>;

/** A finding as recorded; `surfaces` empty is the whole tooth. */
export const dentalFindingSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  tooth: z.number().int(),
  surfaces: z.array(toothSurfaceSchema),
  condition: dentalConditionSchema,
  state: findingStateSchema,
  material: z.string().nullable(),
  mobility_grade: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The clinic's date it was recorded, 'YYYY-MM-DD'. */
  recorded_on: z.string(),
  recorded_by_name: z.string(),
  /** ISO instant. */
  created_at: z.string(),
  /** When it was marked entered in error (ISO instant), and by whom; null while it stands. */
  voided_at: z.string().nullable(),
  voided_by_name: z.string().nullable(),
  /** The plan item whose completion recorded it, or null. */
  plan_item_id: z.uuid().nullable(),
});
export type DentalFinding = z.infer<typeof dentalFindingSchema>;

export const dentalChartSchema = z.object({
  patient_id: z.uuid(),
  mixed_dentition: z.boolean(),
  /** The clinic's setting: how the screens number teeth. */
  tooth_numbering: z.enum(toothNumberings),
  findings: z.array(dentalFindingSchema),
});
export type DentalChart = z.infer<typeof dentalChartSchema>;
export const dentalChartResponse = dataEnvelope(dentalChartSchema);
export const dentalFindingsResponse = dataEnvelope(z.array(dentalFindingSchema));
export const dentalFindingResponse = dataEnvelope(dentalFindingSchema);

/** The surface key of a whole-tooth finding in the latest-per-surface view. */
export const wholeToothKey = '';

// ── Treatment plans ──────────────────────────────────────────────────────────

export const planStatuses = ['proposed', 'accepted', 'completed'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const planItemStatuses = ['planned', 'completed'] as const;
export type PlanItemStatus = (typeof planItemStatuses)[number];

export const maxSitting = 20;
export const maxAlternatives = 4;
export const maxItemsPerAlternative = 50;

export const planItemInput = z
  .object({
    treatmentId: z.uuid(),
    tooth: toothSchema.nullable().optional(),
    surfaces: surfacesSchema,
    sitting: z
      .number({ error: atField(dentalMessages.invalidSitting) })
      .int({ error: atField(dentalMessages.invalidSitting) })
      .min(1, { error: atField(dentalMessages.invalidSitting) })
      .max(maxSitting, { error: atField(dentalMessages.invalidSitting) }),
    price: rupees({ label: 'Price' }),
    taxPercentage: billTaxPercentage.default(0),
  })
  .refine((item) => item.surfaces.length === 0 || (item.tooth ?? null) !== null, {
    error: atField(dentalMessages.surfacesNeedTooth),
    path: ['surfaces'],
  });
export type PlanItemInput = z.input<typeof planItemInput>;

export const planAlternativeInput = z
  .object({
    title: requiredText({ label: 'Alternative title', max: dentalTextMaxLength.title }),
    discount: rupees({ label: 'Discount' }).default(0),
    items: z
      .array(planItemInput, { error: dentalMessages.noItems })
      .min(1, dentalMessages.noItems)
      .max(maxItemsPerAlternative, `An alternative may hold at most ${maxItemsPerAlternative} treatments`),
  })
  .refine(
    // Compared in paise: rupees with two decimals are whole paise.
    (alternative) =>
      Math.round(alternative.discount * 100) <=
      alternative.items.reduce((all, item) => all + Math.round(item.price * 100), 0),
    { error: atField(dentalMessages.discountTooLarge), path: ['discount'] },
  );
export type PlanAlternativeInput = z.input<typeof planAlternativeInput>;

const planFields = {
  title: requiredText({ label: 'Plan title', max: dentalTextMaxLength.title }),
  /** The last day the estimate holds, or null. */
  validUntil: calendarDateSchema.nullable().optional(),
  /** One alternative is a plain plan, accepted as it is saved; more are offered side by side. */
  alternatives: z
    .array(planAlternativeInput, { error: dentalMessages.noAlternatives })
    .min(1, dentalMessages.noAlternatives)
    .max(maxAlternatives, dentalMessages.tooManyAlternatives),
};

export const addPlanBody = z.object({
  patientId: z.uuid(),
  /** The location the plan is made at: its address heads the estimate, its hourly WhatsApp limit counts the sends. */
  locationId: z.uuid({ error: billMessages.selectLocation }),
  ...planFields,
});
export type AddPlanBody = z.input<typeof addPlanBody>;
export type AddPlanPayload = z.output<typeof addPlanBody>;

/** Replaces the plan's title, validity and alternatives while none of its items is done (409 after). */
export const updatePlanBody = z.object({ id: z.uuid(), ...planFields });
export type UpdatePlanBody = z.input<typeof updatePlanBody>;
export type UpdatePlanPayload = z.output<typeof updatePlanBody>;

export const acceptPlanBody = z.object({ planId: z.uuid(), alternativeId: z.uuid() });
export type AcceptPlanBody = z.infer<typeof acceptPlanBody>;

export const completePlanItemsBody = z.object({
  planId: z.uuid(),
  itemIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one item')
    .max(maxItemsPerAlternative)
    .refine((ids) => new Set(ids).size === ids.length, dentalMessages.repeatedItem),
  /** What was done, materials, next step: shown in the patient's timeline. */
  sittingNote: text({ label: 'Sitting note', max: dentalTextMaxLength.sittingNote, multiline: true }).default(
    '',
  ),
});
export type CompletePlanItemsBody = z.input<typeof completePlanItemsBody>;
export type CompletePlanItemsPayload = z.output<typeof completePlanItemsBody>;

export const plansQuery = z.object({ patient_id: z.uuid() });
export type PlansQuery = z.infer<typeof plansQuery>;

/** An item of an alternative: money in rupees, its share of the alternative's discount taken before tax. */
export const planItemSchema = z.object({
  id: z.uuid(),
  /** The treatments master's record, null once it is deleted; the name is the item's own copy. */
  treatment_id: z.uuid().nullable(),
  treatment_name: z.string(),
  tooth: z.number().int().nullable(),
  surfaces: z.array(toothSurfaceSchema),
  sitting: z.number().int(),
  price: z.number(),
  tax_percentage: z.number(),
  /** The item's share of the alternative's discount. */
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
  status: z.enum(planItemStatuses),
  /** The clinic date it was marked done, or null. */
  completed_on: z.string().nullable(),
  /** The live bill whose line bills it, or null. */
  bill_id: z.uuid().nullable(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const planAlternativeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  discount: z.number(),
  /** The items' prices before the discount. */
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  items: z.array(planItemSchema),
});
export type PlanAlternative = z.infer<typeof planAlternativeSchema>;

export const planSittingSchema = z.object({
  sitting: z.number().int(),
  note: z.string(),
  completed_on: z.string(),
  recorded_by_name: z.string(),
});
export type PlanSitting = z.infer<typeof planSittingSchema>;

export const treatmentPlanSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  title: z.string(),
  status: z.enum(planStatuses),
  valid_until: z.string().nullable(),
  /** ISO instant. */
  created_at: z.string(),
  accepted_alternative_id: z.uuid().nullable(),
  alternatives: z.array(planAlternativeSchema),
  /** The totals of the live bill lines billing the plan's items. */
  billed: z.number(),
  /** What the patient paid of those lines: each bill's payments spread over its lines in proportion. */
  paid: z.number(),
  /** The accepted alternative's total less what is paid (never below 0); 0 while none is accepted. */
  left: z.number(),
  /** The sittings' notes, in the order they were recorded. */
  sittings: z.array(planSittingSchema),
});
export type TreatmentPlan = z.infer<typeof treatmentPlanSchema>;
export const treatmentPlanResponse = dataEnvelope(treatmentPlanSchema);
export const treatmentPlansResponse = dataEnvelope(z.array(treatmentPlanSchema));

/** A completed plan item no live bill bills yet, as the bill editor offers it as a line. */
export const billablePlanItemSchema = planItemSchema
  .pick({
    id: true,
    treatment_id: true,
    treatment_name: true,
    tooth: true,
    surfaces: true,
    price: true,
    tax_percentage: true,
    discount: true,
  })
  .extend({ plan_id: z.uuid(), plan_title: z.string(), completed_on: z.string() });
export type BillablePlanItem = z.infer<typeof billablePlanItemSchema>;
export const billablePlanItemsResponse = dataEnvelope(z.array(billablePlanItemSchema));

// ── The estimate sent on WhatsApp, and the patient's page of it ──────────────

export const publicEstimateParams = z.object({ id: z.uuid() });
/** The estimate as printed (GET /api/public/estimate/{id}): the plan, the patient's name, the clinic at the plan's location. */
export const publicEstimateSchema = z.object({
  plan: treatmentPlanSchema
    .pick({ id: true, title: true, valid_until: true, created_at: true, accepted_alternative_id: true })
    .extend({
      alternatives: z.array(
        planAlternativeSchema.extend({
          /** An item as printed: nothing of its progress or billing. */
          items: z.array(
            planItemSchema.pick({
              id: true,
              treatment_name: true,
              tooth: true,
              surfaces: true,
              sitting: true,
              price: true,
              tax_percentage: true,
              discount: true,
              tax: true,
              total: true,
            }),
          ),
        }),
      ),
    }),
  patient: z.object({ name: z.string(), patient_number: z.string() }),
  location: documentLocationSchema,
  partner: documentPartnerSchema
    .pick({ name: true, speciality: true, consultation_form_header_url: true, time_zone: true })
    .extend({ tooth_numbering: z.enum(toothNumberings) }),
});
export type PublicEstimate = z.infer<typeof publicEstimateSchema>;
export const publicEstimateResponse = dataEnvelope(publicEstimateSchema);

// ── Calls ────────────────────────────────────────────────────────────────────

const dentalTags = ['dental'];

/** The dental calls, under /api/dental (decision 039); each refuses 403 a clinic that is not DENTIST. */
export const dentalEndpoints = {
  chart: endpoint({
    method: 'GET',
    path: '/dental/get-chart',
    summary:
      'A patient’s dental chart: the latest live finding per tooth and surface, or with tooth that tooth’s every entry oldest first; as_of gives the chart as it stood at a date’s end',
    tags: dentalTags,
    access: 'signed-in',
    query: chartQuery,
    response: dentalChartResponse,
    refusals: [404],
  }),
  addFindings: endpoint({
    method: 'POST',
    path: '/dental/add-findings',
    summary: 'Records findings on a patient’s teeth: each a new entry, nothing overwritten',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: addFindingsBody,
    response: dentalFindingsResponse,
    status: 201,
    refusals: [404],
  }),
  voidFinding: endpoint({
    method: 'PUT',
    path: '/dental/void-finding',
    summary: 'Marks a finding entered in error: kept in the tooth’s history, no longer current',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: voidFindingBody,
    response: dentalFindingResponse,
    refusals: [404, 409],
  }),
  updateChart: endpoint({
    method: 'PUT',
    path: '/dental/update-chart',
    summary: 'Switches mixed dentition on or off for a patient’s chart',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: updateChartBody,
    response: dentalChartResponse,
    refusals: [404],
  }),
  plans: endpoint({
    method: 'GET',
    path: '/dental/get-plans',
    summary:
      'A patient’s treatment plans, newest first: alternatives with their items by sitting, totals, what is billed, paid and left, and the sittings’ notes',
    tags: dentalTags,
    access: 'signed-in',
    query: plansQuery,
    response: treatmentPlansResponse,
    refusals: [404],
  }),
  addPlan: endpoint({
    method: 'POST',
    path: '/dental/add-plan',
    summary:
      'Adds a treatment plan of one to four alternatives; a plan of one alternative is accepted as saved',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: addPlanBody,
    response: treatmentPlanResponse,
    status: 201,
    refusals: [404],
  }),
  updatePlan: endpoint({
    method: 'PUT',
    path: '/dental/update-plan',
    summary: 'Replaces a plan’s title, validity and alternatives while none of its items is done (409 after)',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: updatePlanBody,
    response: treatmentPlanResponse,
    refusals: [404, 409],
  }),
  acceptPlan: endpoint({
    method: 'PUT',
    path: '/dental/accept-plan',
    summary:
      'Records the alternative the patient accepted, while none of the plan’s items is done (409 after)',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: acceptPlanBody,
    response: treatmentPlanResponse,
    refusals: [404, 409],
  }),
  completeItems: endpoint({
    method: 'PUT',
    path: '/dental/complete-plan-items',
    summary:
      'Marks items of the accepted alternative done in a sitting, with its note: each adds a completed finding to the chart and is offered for billing once',
    tags: dentalTags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: completePlanItemsBody,
    response: treatmentPlanResponse,
    refusals: [404, 409],
  }),
  ...estimateMessageEndpoints,
  /** The estimate page the patient's link opens: no sign-in, the plan's unguessable id is the permission. */
  publicEstimate: endpoint({
    method: 'GET',
    path: publicDocumentPaths.estimate,
    summary:
      'A treatment plan as its printed estimate: items by sitting, totals, validity, the patient’s name and the clinic',
    tags: [],
    access: 'public',
    params: publicEstimateParams,
    response: publicEstimateResponse,
    // As the bill's and the prescription's pages: a patient stays far below this; a scraper stops here.
    rateLimit: { max: 60, per: 'minute' },
  }),
  billableItems: endpoint({
    method: 'GET',
    path: '/dental/get-billable-items',
    summary:
      'A patient’s completed plan items that no live bill bills yet, for the bill editor to offer as lines',
    tags: dentalTags,
    access: 'signed-in',
    query: plansQuery,
    response: billablePlanItemsResponse,
    refusals: [404],
  }),
};
