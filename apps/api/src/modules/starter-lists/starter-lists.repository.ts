import type { StarterListCounts } from '@vaidya/contract/starter-lists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  complaints,
  dentalTreatmentTypes,
  diagnoses,
  investigations,
  observations,
  partners,
  products,
  productTemplateItems,
  productTemplates,
  treatments,
} from '../../db/schema';
import type { StarterLists } from './starter-list-definitions';

/*
 * Every insert skips a name the partner already has: each master's unique index
 * on (partner_id, lower(name)) makes it a conflict, which is ignored. So the
 * clinic's own entries are never touched, and copying twice adds nothing.
 */

export async function findPartnerSpeciality(db: Db, partnerId: string) {
  const [partner] = await db
    .select({ speciality: partners.speciality_type })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return partner?.speciality;
}

/** Copies the lists into the partner's masters; answers how many entries of each were new. */
export async function insertStarterLists(
  db: Db,
  partnerId: string,
  lists: StarterLists,
): Promise<StarterListCounts> {
  const count = async (inserted: Promise<unknown[]>) => (await inserted).length;
  const owned = { partner_id: partnerId };
  return {
    complaints: await count(
      db
        .insert(complaints)
        .values(lists.complaints.map((name) => ({ ...owned, complaint_name: name })))
        .onConflictDoNothing()
        .returning({ id: complaints.id }),
    ),
    observations: await count(
      db
        .insert(observations)
        .values(lists.observations.map((name) => ({ ...owned, observation_name: name })))
        .onConflictDoNothing()
        .returning({ id: observations.id }),
    ),
    investigations: await count(
      db
        .insert(investigations)
        .values(lists.investigations.map((name) => ({ ...owned, investigation_name: name })))
        .onConflictDoNothing()
        .returning({ id: investigations.id }),
    ),
    diagnoses: await count(
      db
        .insert(diagnoses)
        .values(lists.diagnoses.map((name) => ({ ...owned, diagnosis_name: name })))
        .onConflictDoNothing()
        .returning({ id: diagnoses.id }),
    ),
    // Before the templates, which refer to these medicines by name.
    medicines: await count(
      db
        .insert(products)
        .values(lists.medicines.map((medicine) => medicineRow(partnerId, medicine)))
        .onConflictDoNothing()
        .returning({ id: products.id }),
    ),
    templates: await insertTemplates(db, partnerId, lists.templates),
    treatments: await count(
      db
        .insert(treatments)
        .values(await treatmentRowsOf(db, partnerId, lists.treatments))
        .onConflictDoNothing()
        .returning({ id: treatments.id }),
    ),
  };
}

function medicineRow(partnerId: string, medicine: StarterLists['medicines'][number]) {
  return {
    partner_id: partnerId,
    product_name: medicine.name,
    composition: medicine.composition,
    price: medicine.price.toFixed(2),
    tax_percentage: medicine.tax.toFixed(2),
    dosage_qty: medicine.dosageQty,
    instructions: medicine.instructions,
    days: medicine.days,
    is_morning: medicine.timing.includes('morning'),
    is_afternoon: medicine.timing.includes('afternoon'),
    is_evening: medicine.timing.includes('evening'),
    is_sos: medicine.timing.includes('sos'),
  };
}

/** Treatments chart a dental treatment type named in the data; its id is the migration's. */
async function treatmentRowsOf(db: Db, partnerId: string, list: StarterLists['treatments']) {
  const typeNames = [...new Set(list.flatMap((treatment) => treatment.dentalTreatment ?? []))];
  const typeIds = new Map(
    typeNames.length === 0
      ? []
      : (
          await db
            .select({ id: dentalTreatmentTypes.id, name: dentalTreatmentTypes.treatment_name })
            .from(dentalTreatmentTypes)
            .where(inArray(dentalTreatmentTypes.treatment_name, typeNames))
        ).map((type) => [type.name, type.id]),
  );
  return list.map((treatment) => {
    const dentalTreatmentId =
      treatment.dentalTreatment === null ? null : typeIds.get(treatment.dentalTreatment);
    // A starter list naming a type the migrations do not hold is a mistake in the data, not in the request.
    if (dentalTreatmentId === undefined) {
      throw new Error(`starter treatment ${treatment.name} charts an unknown dental treatment type`);
    }
    return {
      partner_id: partnerId,
      treatment_name: treatment.name,
      price: treatment.price.toFixed(2),
      dental_treatment_id: dentalTreatmentId,
    };
  });
}

/**
 * Only templates new to the partner get medicines: one the clinic already has keeps
 * its own. A template's medicines are the partner's medicines of those names, which
 * exist by now whether the clinic typed them or the copy just added them.
 */
async function insertTemplates(db: Db, partnerId: string, list: StarterLists['templates']) {
  const inserted = await db
    .insert(productTemplates)
    .values(list.map((template) => ({ partner_id: partnerId, template_name: template.name })))
    .onConflictDoNothing()
    .returning({ id: productTemplates.id, name: productTemplates.template_name });
  if (inserted.length === 0) return 0;

  const fresh = inserted.map((row) => ({
    id: row.id,
    medicines: list.find((template) => template.name === row.name)?.medicines ?? [],
  }));
  const medicineNames = [...new Set(fresh.flatMap((template) => template.medicines.map(lowerCase)))];
  const medicineIds = new Map(
    (
      await db
        .select({ id: products.id, name: sql<string>`lower(${products.product_name})` })
        .from(products)
        .where(
          and(
            eq(products.partner_id, partnerId),
            inArray(sql`lower(${products.product_name})`, medicineNames),
          ),
        )
    ).map((row) => [row.name, row.id]),
  );
  const items = fresh.flatMap((template) =>
    template.medicines
      .flatMap((name) => medicineIds.get(lowerCase(name)) ?? [])
      .map((productId, position) => ({ template_id: template.id, product_id: productId, position })),
  );
  if (items.length > 0) await db.insert(productTemplateItems).values(items);
  return inserted.length;
}

const lowerCase = (name: string) => name.toLowerCase();
