import { bookingRecordLabels } from '@vaidya/contract/bookings';
import {
  type AcceptPlanBody,
  type AddPlanPayload,
  type BillablePlanItem,
  type CompletePlanItemsPayload,
  dentalMessages,
  type TreatmentPlan,
  type UpdatePlanPayload,
  wholeToothConditions,
} from '@vaidya/contract/dental';
import { treatmentContract } from '@vaidya/contract/masters';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { type AuditEntry, recordAuditEvent } from '../audit/audit-trail';
import { locationExists } from '../partner/partner.repository';
import {
  completeItems,
  deleteAlternatives,
  findClinicTreatments,
  findPlan,
  insertAlternative,
  insertItems,
  insertPlan,
  insertSitting,
  listAlternatives,
  listItems,
  listPlans,
  type PlanRow,
  updatePlanRow,
} from './dental.plans.repository';
import { insertFindings } from './dental.repository';
import { requireDentalClinic, requirePatient } from './dental-clinic';
import { figuresOfAlternative, loadBillableItems, loadPlans } from './plan-records';

/** An act on a treatment plan, in the audit trail. */
const planAct = (plan: PlanRow, act: Pick<AuditEntry, 'action' | 'changes'>): AuditEntry => ({
  ...act,
  recordType: 'treatment_plan',
  recordId: plan.id,
  patientId: plan.patient_id,
  locationId: plan.location_id,
});

/** What the trail keeps of a plan as written. */
const planWritten = (payload: AddPlanPayload | UpdatePlanPayload) => ({
  title: payload.title,
  valid_until: payload.validUntil,
  alternatives: payload.alternatives,
});

type PlanFields = Pick<AddPlanPayload, 'alternatives'>;

/**
 * Treatment plans (issue 22): procedures from the treatments master on teeth, grouped into
 * sittings, offered as one to four alternatives of which the patient accepts one. Marking
 * items done in a sitting charts what they produce and leaves them for a bill to take, once.
 * A plan's items and alternatives change only until its first item is done.
 */
export function createDentalPlansService({ db, clock }: { db: Db; clock: Clock }) {
  /** The treatments' names the plan's items copy; another clinic's treatment is 404. */
  async function treatmentNames(tx: Db, partnerId: string, fields: PlanFields) {
    const treatmentIds = [
      ...new Set(
        fields.alternatives.flatMap((alternative) => alternative.items.map((item) => item.treatmentId)),
      ),
    ];
    const names = await findClinicTreatments(tx, { partnerId, treatmentIds });
    if (treatmentIds.some((id) => !names.has(id))) throw notFound(treatmentContract.names.label);
    return names;
  }

  /** Writes the alternatives and their items; a plan of one alternative is accepted as it is saved. */
  async function writeAlternatives(tx: Db, plan: PlanRow, fields: PlanFields, names: Map<string, string>) {
    const written: string[] = [];
    for (const [position, alternative] of fields.alternatives.entries()) {
      const figures = figuresOfAlternative(alternative);
      const row = await insertAlternative(tx, {
        plan_id: plan.id,
        position,
        title: alternative.title,
        ...figures.totals,
      });
      written.push(row.id);
      await insertItems(
        tx,
        figures.items.map(({ item, figures: itemFigures }, index) => ({
          plan_id: plan.id,
          alternative_id: row.id,
          position: index,
          treatment_id: item.treatmentId,
          treatment_name: names.get(item.treatmentId) ?? '',
          tooth: item.tooth ?? null,
          surfaces: item.surfaces,
          sitting: item.sitting,
          ...itemFigures,
        })),
      );
    }
    const [only] = written;
    if (written.length === 1 && only)
      return updatePlanRow(tx, plan.id, { status: 'accepted', accepted_alternative_id: only });
    return plan;
  }

  async function answer(tx: Db, plan: PlanRow): Promise<TreatmentPlan> {
    const [loaded] = await loadPlans(tx, [plan]);
    if (!loaded) throw notFound(dentalMessages.recordLabels.plan);
    return loaded;
  }

  /** The clinic's plan, locked until the transaction ends, with its items; 404 for another's. */
  async function lockPlan(tx: Db, partnerId: string, planId: string) {
    const plan = await findPlan(tx, { partnerId, id: planId }, { lock: true });
    if (!plan) throw notFound(dentalMessages.recordLabels.plan);
    return { plan, items: await listItems(tx, [plan.id]) };
  }

  return {
    async getPlans({ caller, patientId }: { caller: Caller; patientId: string }): Promise<TreatmentPlan[]> {
      await requireDentalClinic(db, caller.partnerId, clock());
      const ids = { partnerId: caller.partnerId, patientId };
      await requirePatient(db, ids);
      return loadPlans(db, await listPlans(db, ids));
    },

    async getBillableItems({
      caller,
      patientId,
    }: {
      caller: Caller;
      patientId: string;
    }): Promise<BillablePlanItem[]> {
      await requireDentalClinic(db, caller.partnerId, clock());
      const ids = { partnerId: caller.partnerId, patientId };
      await requirePatient(db, ids);
      return loadBillableItems(db, ids);
    },

    async addPlan({ caller, payload }: { caller: Caller; payload: AddPlanPayload }): Promise<TreatmentPlan> {
      const now = clock();
      await requireDentalClinic(db, caller.partnerId, now);
      await requirePatient(db, { partnerId: caller.partnerId, patientId: payload.patientId });
      if (!(await locationExists(db, { partnerId: caller.partnerId, locationId: payload.locationId })))
        throw notFound(bookingRecordLabels.location);
      return db.transaction(async (tx) => {
        const names = await treatmentNames(tx, caller.partnerId, payload);
        const plan = await insertPlan(tx, {
          partner_id: caller.partnerId,
          patient_id: payload.patientId,
          location_id: payload.locationId,
          title: payload.title,
          valid_until: payload.validUntil ?? null,
          created_by: caller.userId,
          created_at: now,
          updated_at: now,
        });
        const changes = { after: planWritten(payload) };
        await recordAuditEvent(tx, caller, planAct(plan, { action: 'created', changes }));
        return answer(tx, await writeAlternatives(tx, plan, payload, names));
      });
    },

    /** Replaces the plan's title, validity and alternatives (acceptance too) while none of its items is done. */
    async updatePlan({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: UpdatePlanPayload;
    }): Promise<TreatmentPlan> {
      const now = clock();
      await requireDentalClinic(db, caller.partnerId, now);
      return db.transaction(async (tx) => {
        const { plan, items } = await lockPlan(tx, caller.partnerId, payload.id);
        if (items.some((item) => item.status === 'completed'))
          throw new AppError('CONFLICT', dentalMessages.planStarted);
        const names = await treatmentNames(tx, caller.partnerId, payload);
        const cleared = await updatePlanRow(tx, plan.id, {
          title: payload.title,
          valid_until: payload.validUntil ?? null,
          status: 'proposed',
          accepted_alternative_id: null,
          updated_at: now,
        });
        await deleteAlternatives(tx, plan.id);
        const before = { title: plan.title, valid_until: plan.valid_until, status: plan.status };
        const changes = { before, after: planWritten(payload) };
        await recordAuditEvent(tx, caller, planAct(plan, { action: 'updated', changes }));
        return answer(tx, await writeAlternatives(tx, cleared, payload, names));
      });
    },

    /** The patient's choice among the alternatives, while none of the plan's items is done. */
    async acceptPlan({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: AcceptPlanBody;
    }): Promise<TreatmentPlan> {
      const now = clock();
      await requireDentalClinic(db, caller.partnerId, now);
      return db.transaction(async (tx) => {
        const { plan, items } = await lockPlan(tx, caller.partnerId, payload.planId);
        const alternatives = await listAlternatives(tx, [plan.id]);
        if (!alternatives.some((alternative) => alternative.id === payload.alternativeId))
          throw notFound(dentalMessages.recordLabels.alternative);
        if (items.some((item) => item.status === 'completed'))
          throw new AppError('CONFLICT', dentalMessages.planStarted);
        const accepted = await updatePlanRow(tx, plan.id, {
          status: 'accepted',
          accepted_alternative_id: payload.alternativeId,
          updated_at: now,
        });
        const changes = { after: { accepted_alternative_id: payload.alternativeId } };
        await recordAuditEvent(tx, caller, planAct(plan, { action: 'accepted', changes }));
        return answer(tx, accepted);
      });
    },

    /**
     * Items of the accepted alternative done in a sitting: each is dated the clinic's today,
     * charts the condition its treatment's dental type produces on its tooth (a completed
     * finding), and the sitting's note is kept. All items done completes the plan.
     */
    async completeItems({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: CompletePlanItemsPayload;
    }): Promise<TreatmentPlan> {
      const now = clock();
      const clinic = await requireDentalClinic(db, caller.partnerId, now);
      return db.transaction(async (tx) => {
        const { plan, items } = await lockPlan(tx, caller.partnerId, payload.planId);
        const chosen = payload.itemIds.map((id) => {
          const item = items.find((candidate) => candidate.id === id);
          if (!item) throw notFound(dentalMessages.recordLabels.planItem);
          return item;
        });
        if (plan.accepted_alternative_id === null)
          throw new AppError('CONFLICT', dentalMessages.planNotAccepted);
        for (const item of chosen) {
          if (item.alternative_id !== plan.accepted_alternative_id)
            throw new AppError('CONFLICT', dentalMessages.itemNotInAcceptedAlternative);
          if (item.status === 'completed')
            throw new AppError('CONFLICT', dentalMessages.itemCompletedAlready(item.treatment_name));
        }
        await completeItems(tx, { ids: payload.itemIds, on: clinic.today, by: caller.userId });
        await insertFindings(
          tx,
          chosen.flatMap((item) =>
            item.tooth === null || item.produces === null
              ? []
              : [
                  {
                    partner_id: caller.partnerId,
                    patient_id: plan.patient_id,
                    tooth: item.tooth,
                    surfaces: wholeToothConditions.includes(item.produces) ? [] : item.surfaces,
                    condition: item.produces,
                    state: 'completed' as const,
                    recorded_on: clinic.today,
                    recorded_by: caller.userId,
                    created_at: now,
                    plan_item_id: item.id,
                  },
                ],
          ),
        );
        await insertSitting(tx, {
          partner_id: caller.partnerId,
          patient_id: plan.patient_id,
          plan_id: plan.id,
          sitting: Math.min(...chosen.map((item) => item.sitting)),
          note: payload.sittingNote,
          completed_on: clinic.today,
          recorded_by: caller.userId,
          created_at: now,
        });
        const done = new Set(payload.itemIds);
        const allDone = items
          .filter((item) => item.alternative_id === plan.accepted_alternative_id)
          .every((item) => item.status === 'completed' || done.has(item.id));
        const updated = await updatePlanRow(tx, plan.id, {
          status: allDone ? 'completed' : plan.status,
          updated_at: now,
        });
        const changes = { after: { item_ids: payload.itemIds, sitting_note: payload.sittingNote } };
        await recordAuditEvent(tx, caller, planAct(plan, { action: 'completed', changes }));
        return answer(tx, updated);
      });
    },
  };
}

export type DentalPlansService = ReturnType<typeof createDentalPlansService>;
