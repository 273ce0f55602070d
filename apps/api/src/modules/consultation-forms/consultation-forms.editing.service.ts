import { randomUUID } from 'node:crypto';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import {
  type ConsultationContent,
  type ConsultationForm,
  type ConsultationFormPayload,
  consultationFormMessages,
  consultationFormRecordLabel,
  type PrescriptionSummary,
  type PublicPrescription,
  type updateConsultationFormBody,
} from '@vaidya/contract/consultation-forms';
import type { DocumentAuthor } from '@vaidya/contract/documents';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  observationContract,
  productContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import { alertsInWords } from '@vaidya/contract/patients';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { complaints, diagnoses, investigations, observations, products, treatments } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { type AuditActor, changedFields, recordAuditEvent } from '../audit/audit-trail';
import { findSlotLocation } from '../bookings/bookings.repository';
import { toDocumentPartner } from '../documents/document-header';
import { findDocumentAuthor } from '../documents/document-people';
import {
  findMasterIdsByName,
  findOwnMasterIds,
  insertMissingMasterNames,
  type MasterTable,
  type MasterValues,
  type NamedMaster,
} from '../masters/masters.repository';
import { findClinicTimeZone, locationExists } from '../partner/partner.repository';
import type { PatientsService } from '../patients/patients.service';
import {
  type FormRow,
  findFirstLocation,
  findForm,
  findFormOfSlot,
  findPrescription,
  insertForm,
  insertFormVersion,
  listFormsOfMobile,
  updateForm,
} from './consultation-forms.repository';

type UpdatePayload = z.output<typeof updateConsultationFormBody>;
type Item<List extends keyof ConsultationContent> = ConsultationFormPayload[List][number];
/** Who writes a form: the signed-in user of a partner (the demo seed names its owner). */
type Author = Pick<Caller, 'partnerId' | 'userId'> & Pick<AuditActor, 'address'>;

/** The index that allows one live form per booking (db/schema.ts). */
const oneFormPerSlot = 'consultation_forms_slot_key';
/** How many earlier prescriptions the editor's history shows. */
const historyLength = 20;

/** A master a form's list picks from: an item without an id is added to it by name. */
interface FormMaster<T extends MasterTable, I extends { id?: string }> extends NamedMaster<T> {
  label: string;
  nameOf(item: I): string;
  values(item: I): MasterValues<T>;
}
const formMaster = <T extends MasterTable, I extends { id?: string }>(master: FormMaster<T, I>) => master;

/**
 * A list whose items are a name alone: the master's contract names the item's field,
 * which is also its table's column. The field is keyed by a type parameter, which an
 * object literal cannot say by itself, so the values' type is written out here.
 */
function nameOnlyFormMaster<Name extends string, T extends MasterTable & Record<Name, PgColumn>>(
  contract: { names: { label: string; nameField: Name } },
  table: T,
): FormMaster<T, { id?: string } & Record<Name, string>> {
  const { label, nameField } = contract.names;
  const nameOf = (item: Record<Name, string>): string => item[nameField];
  return {
    table,
    name: table[nameField],
    label,
    nameOf,
    values: (item) => ({ [nameField]: nameOf(item) }) as MasterValues<T>,
  };
}

const formMasters = {
  complaints: nameOnlyFormMaster(complaintContract, complaints),
  observations: nameOnlyFormMaster(observationContract, observations),
  diagnoses: nameOnlyFormMaster(diagnosisContract, diagnoses),
  investigations: nameOnlyFormMaster(investigationContract, investigations),
  treatments: formMaster({
    table: treatments,
    name: treatments.treatment_name,
    label: treatmentContract.names.label,
    nameOf: (item: Item<'treatments'>) => item.treatment_name,
    // What the treatment masters page sends for a treatment without a price.
    values: (item) => ({ treatment_name: item.treatment_name, type: 'SERVICE' as const, price: null }),
  }),
  products: formMaster({
    table: products,
    name: products.product_name,
    label: productContract.names.label,
    nameOf: (item: Item<'products'>) => item.product_name,
    values: ({ id: _id, ...medicine }) => medicine,
  }),
};

/**
 * The list's items, each with the id of a record of the partner's master: a given id
 * must be one (404 naming the item otherwise), a typed name is found in the master or
 * added to it. One query checks the ids, one statement adds the names, one finds them.
 */
async function pickFromMaster<T extends MasterTable, I extends { id?: string }>(
  tx: Db,
  partnerId: string,
  master: FormMaster<T, I>,
  items: I[],
): Promise<(I & { id: string })[]> {
  const picked = [...new Set(items.flatMap((item) => (item.id ? [item.id] : [])))];
  const own = await findOwnMasterIds(tx, master.table, { partnerId, ids: picked });
  if (own.size < picked.length) throw notFound(master.label);
  const typedByName = new Map(items.filter((item) => !item.id).map((item) => [master.nameOf(item), item]));
  await insertMissingMasterNames(tx, master, {
    partnerId,
    values: [...typedByName.values()].map(master.values),
  });
  const ids = await findMasterIdsByName(tx, master, { partnerId, names: [...typedByName.keys()] });
  return items.map((item) => {
    const id = item.id ?? ids.get(master.nameOf(item));
    if (!id) throw notFound(master.label);
    return { ...item, id };
  });
}

/** The printed lists: every name and dosage as sent, with the master ids they came from. */
async function contentOf(
  tx: Db,
  partnerId: string,
  payload: ConsultationFormPayload,
): Promise<ConsultationContent> {
  const pick = <T extends MasterTable, I extends { id?: string }>(master: FormMaster<T, I>, items: I[]) =>
    pickFromMaster(tx, partnerId, master, items);
  // One after another: a transaction runs one statement at a time.
  const picked = {
    complaints: await pick(formMasters.complaints, payload.complaints),
    observations: await pick(formMasters.observations, payload.observations),
    diagnoses: await pick(formMasters.diagnoses, payload.diagnoses),
    investigations: await pick(formMasters.investigations, payload.investigations),
    treatments: await pick(formMasters.treatments, payload.treatments),
    products: await pick(formMasters.products, payload.products),
  };
  return {
    metrics: payload.metrics.map(({ type, value }) => ({ id: randomUUID(), type, value })),
    complaints: picked.complaints.map(({ id, complaint_name }) => ({ id, complaint_name })),
    observations: picked.observations.map(({ id, observation_name }) => ({ id, observation_name })),
    diagnoses: picked.diagnoses.map(({ id, diagnosis_name }) => ({ id, diagnosis_name })),
    investigations: picked.investigations.map(({ id, investigation_name }) => ({ id, investigation_name })),
    treatments: picked.treatments.map((treatment) => ({
      id: treatment.id,
      treatment_name: treatment.treatment_name,
      tooth_number: treatment.tooth_number ?? null,
      // Steps of this treatment, not a master: a new one gets its own id.
      operations: treatment.operations.map((operation) => ({
        id: operation.id ?? randomUUID(),
        operation_name: operation.operation_name,
      })),
    })),
    products: picked.products.map((product) => ({
      id: product.id,
      product_name: product.product_name,
      composition: product.composition,
      dosage_qty: product.dosage_qty,
      is_morning: product.is_morning,
      is_afternoon: product.is_afternoon,
      is_evening: product.is_evening,
      is_sos: product.is_sos,
      days: product.days,
      instructions: product.instructions,
    })),
  };
}

const toForm = (row: FormRow, author: DocumentAuthor | null): ConsultationForm => ({
  id: row.id,
  slot_id: row.slot_id,
  location_id: row.location_id,
  patient_id: row.patient_id,
  customer_name: row.customer_name,
  customer_age: row.customer_age,
  customer_gender: row.customer_gender,
  customer_mobile: row.customer_mobile,
  prescribed_date: row.prescribed_date,
  updated_at: row.updated_at.toISOString(),
  version: row.version,
  ...row.content,
  author,
});

/** What the audit trail keeps of a form: its patient, place and printed content. */
const auditedFields = (row: FormRow) => ({
  patient_id: row.patient_id,
  customer_name: row.customer_name,
  customer_age: row.customer_age,
  customer_gender: row.customer_gender,
  customer_mobile: row.customer_mobile,
  location_id: row.location_id,
  slot_id: row.slot_id,
  ...row.content,
});

/** A staff member's act on a prescription, in the audit trail. */
const prescriptionAct = (row: FormRow) => ({
  recordType: 'prescription' as const,
  recordId: row.id,
  patientId: row.patient_id,
  locationId: row.location_id,
});

const slotHasForm = () => new AppError('CONFLICT', consultationFormMessages.slotHasForm);

/**
 * Consultation forms (spec §7): what the doctor writes for a visit, kept as printed.
 * Every change writes the whole form as a new version in the same transaction, so the
 * audit trail says who changed what and when; deleting marks the form, never removes it.
 */
export function createFormEditingService({
  db,
  clock,
  patients,
}: {
  db: Db;
  clock: Clock;
  /** Finds or creates the patient a form names, in the form's transaction. */
  patients: Pick<PatientsService, 'findOrCreate'>;
}) {
  /**
   * Where the form belongs: its booking's location, or a walk-in's chosen location,
   * else (editing) the one it had, else the clinic's first. An absent `slotId` keeps
   * the form's booking; null detaches it.
   */
  async function placeOf(
    tx: Db,
    partnerId: string,
    payload: ConsultationFormPayload,
    current?: FormRow,
  ): Promise<{ slotId: string | null; locationId: string }> {
    const slotId = payload.slotId === undefined ? (current?.slot_id ?? null) : payload.slotId;
    if (slotId) {
      const locationId = await findSlotLocation(tx, { partnerId, slotId });
      if (!locationId) throw notFound(bookingRecordLabels.booking);
      return { slotId, locationId };
    }
    if (payload.locationId) {
      if (!(await locationExists(tx, { partnerId, locationId: payload.locationId })))
        throw notFound('Location');
      return { slotId: null, locationId: payload.locationId };
    }
    if (current) return { slotId: null, locationId: current.location_id };
    const first = await findFirstLocation(tx, partnerId);
    if (!first) throw notFound('Location');
    return { slotId: null, locationId: first };
  }

  /** The patient columns and printed content of a payload; the patient is found or created by mobile. */
  async function written(tx: Db, partnerId: string, payload: ConsultationFormPayload) {
    const patient = await patients.findOrCreate({
      db: tx,
      partnerId,
      name: payload.customerName,
      mobile: payload.customerMobile,
      age: payload.customerAge ?? null,
      gender: payload.customerGender ?? null,
      overwrite: true,
    });
    return {
      patient_id: patient.id,
      customer_name: payload.customerName,
      customer_age: payload.customerAge ?? null,
      customer_gender: payload.customerGender ?? null,
      customer_mobile: payload.customerMobile,
      content: await contentOf(tx, partnerId, payload),
    };
  }

  async function recordVersion(
    tx: Db,
    author: Author,
    row: FormRow,
    action: 'created' | 'updated' | 'deleted',
    before?: FormRow,
  ): Promise<ConsultationForm> {
    const form = toForm(row, await findDocumentAuthor(tx, row.author_id));
    await insertFormVersion(tx, {
      form_id: row.id,
      partner_id: row.partner_id,
      version: row.version,
      action,
      snapshot: form,
      changed_by: author.userId,
      author_id: row.author_id,
      changed_at: row.updated_at,
    });
    const edited = before ? changedFields(auditedFields(before), auditedFields(row)) : null;
    const changes = action === 'created' ? { after: auditedFields(row) } : edited;
    await recordAuditEvent(tx, author, { ...prescriptionAct(row), action, changes });
    return form;
  }

  /** The transaction's work, with a second live form for a booking answered as 409. */
  async function saving<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolationOf(error, oneFormPerSlot)) throw slotHasForm();
      throw error;
    }
  }

  return {
    async addForm({ caller, payload }: { caller: Author; payload: ConsultationFormPayload }) {
      const { partnerId } = caller;
      return saving(async (tx) => {
        const place = await placeOf(tx, partnerId, payload);
        const timeZone = await findClinicTimeZone(tx, partnerId);
        const now = clock();
        const row = await insertForm(tx, {
          partner_id: partnerId,
          location_id: place.locationId,
          slot_id: place.slotId,
          ...(await written(tx, partnerId, payload)),
          prescribed_date: localToday(timeZone, now).date,
          created_by: caller.userId,
          updated_by: caller.userId,
          // Whoever writes or edits a form becomes its author (issue 23); its versions keep each one.
          author_id: caller.userId,
          created_at: now,
          updated_at: now,
        });
        return recordVersion(tx, caller, row, 'created');
      });
    },

    /** The whole form replaced by the payload; its date of prescription stays. */
    async updateForm({ caller, payload }: { caller: Author; payload: UpdatePayload }) {
      const { partnerId } = caller;
      return saving(async (tx) => {
        const current = await findForm(tx, { partnerId, id: payload.id });
        if (!current) throw notFound(consultationFormRecordLabel);
        const place = await placeOf(tx, partnerId, payload, current);
        const row = await updateForm(tx, {
          partnerId,
          id: payload.id,
          values: {
            location_id: place.locationId,
            slot_id: place.slotId,
            ...(await written(tx, partnerId, payload)),
            updated_by: caller.userId,
            author_id: caller.userId,
            updated_at: clock(),
          },
        });
        if (!row) throw notFound(consultationFormRecordLabel);
        return recordVersion(tx, caller, row, 'updated', current);
      });
    },

    /** Marks the form deleted: it is gone for every call, its booking may get a new one, its versions stay. */
    async deleteForm({ caller, id }: { caller: Author; id: string }) {
      return db.transaction(async (tx) => {
        const now = clock();
        const row = await updateForm(tx, {
          partnerId: caller.partnerId,
          id,
          values: { deleted_at: now, updated_by: caller.userId, updated_at: now },
        });
        if (!row) throw notFound(consultationFormRecordLabel);
        await recordVersion(tx, caller, row, 'deleted');
        return { id: row.id };
      });
    },

    async getForm({ caller, id }: { caller: Author; id: string }): Promise<ConsultationForm> {
      const row = await findForm(db, { partnerId: caller.partnerId, id });
      if (!row) throw notFound(consultationFormRecordLabel);
      await recordAuditEvent(db, caller, { ...prescriptionAct(row), action: 'read' });
      return toForm(row, await findDocumentAuthor(db, row.author_id));
    },

    /** The booking's form, or null when it has none yet; another partner's booking is not found. */
    async getFormOfSlot({
      caller,
      slotId,
    }: {
      caller: Author;
      slotId: string;
    }): Promise<ConsultationForm | null> {
      const [locationId, row] = await Promise.all([
        findSlotLocation(db, { partnerId: caller.partnerId, slotId }),
        findFormOfSlot(db, { partnerId: caller.partnerId, slotId }),
      ]);
      if (!locationId) throw notFound(bookingRecordLabels.booking);
      if (!row) return null;
      await recordAuditEvent(db, caller, { ...prescriptionAct(row), action: 'read' });
      return toForm(row, await findDocumentAuthor(db, row.author_id));
    },

    /** A patient's earlier prescriptions at this clinic, newest first. */
    async listPatientPrescriptions({
      caller,
      mobile,
    }: {
      caller: Author;
      mobile: string;
    }): Promise<PrescriptionSummary[]> {
      const rows = await listFormsOfMobile(db, { partnerId: caller.partnerId, mobile, limit: historyLength });
      return rows.map((row) => ({
        id: row.id,
        prescribed_date: row.prescribed_date,
        customer_name: row.customer_name,
        diagnoses: row.content.diagnoses.map((diagnosis) => diagnosis.diagnosis_name),
        medicines: row.content.products.length,
      }));
    },

    /**
     * The prescription page's payload, for anyone holding the form's unguessable id.
     * Unknown and deleted ids answer alike; nothing else of the partner leaves.
     */
    async getPublicPrescription({ id }: { id: string }): Promise<PublicPrescription> {
      const row = await findPrescription(db, id);
      if (!row) throw notFound(consultationFormRecordLabel);
      const { form, location, partner, patientSafety } = row;
      const { content } = form;
      return {
        consultation_form_data: {
          id: form.id,
          customer_name: form.customer_name,
          customer_age: form.customer_age,
          customer_gender: form.customer_gender,
          customer_mobile: form.customer_mobile,
          prescribed_date: form.prescribed_date,
          updated_at: form.updated_at.toISOString(),
          metrics: content.metrics,
          complaints: content.complaints,
          observations: content.observations,
          diagnoses: content.diagnoses,
          investigations: content.investigations,
          treatments: content.treatments,
          products: content.products,
        },
        patient_safety: {
          allergies: patientSafety.allergies,
          alerts: alertsInWords(patientSafety),
        },
        location,
        partner: toDocumentPartner(partner),
        author: await findDocumentAuthor(db, form.author_id),
      };
    },
  };
}

export type FormEditingService = ReturnType<typeof createFormEditingService>;
