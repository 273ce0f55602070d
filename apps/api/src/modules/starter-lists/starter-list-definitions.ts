import { masterNameMaxLength, productTextMaxLength } from '@vaidya/contract/masters';
import type { Speciality } from '@vaidya/contract/specialities';
import { z } from 'zod';
import dentalLists from '../../starter-lists/dental.json' with { type: 'json' };
import generalLists from '../../starter-lists/general.json' with { type: 'json' };

/*
 * The starter lists are data (src/starter-lists/*.json), imported so the API
 * bundle carries them. They are checked here against the limits a clinic's own
 * entries meet, so a mistyped edit of a file fails at start and in the tests
 * rather than half-way through a sign-up.
 */

const name = z.string().trim().min(1).max(masterNameMaxLength);
const money = z.number().nonnegative();

/** Every list holds at least one entry, so each copy is one insert of one or more rows. */
const starterListsSchema = z
  .object({
    complaints: z.array(name).min(1),
    observations: z.array(name).min(1),
    investigations: z.array(name).min(1),
    diagnoses: z.array(name).min(1),
    medicines: z
      .array(
        z.object({
          name,
          composition: z.string().max(productTextMaxLength.composition),
          price: money,
          tax: z.number().min(0).max(100),
          dosageQty: z.string().max(productTextMaxLength.dosageQty),
          instructions: z.string().max(productTextMaxLength.instructions),
          days: z.number().int().nonnegative(),
          timing: z.array(z.enum(['morning', 'afternoon', 'evening', 'sos'])),
        }),
      )
      .min(1),
    /** Each template names medicines of the same file, in the order it prescribes them. */
    templates: z.array(z.object({ name, medicines: z.array(name).min(1) })).min(1),
    /** `dentalTreatment` names a dental treatment type to chart, or is null where no tooth is involved. */
    treatments: z.array(z.object({ name, price: money, dentalTreatment: name.nullable() })).min(1),
  })
  .superRefine((lists, context) => {
    const medicineNames = new Set(lists.medicines.map((medicine) => medicine.name));
    for (const template of lists.templates) {
      for (const medicine of template.medicines.filter((name) => !medicineNames.has(name))) {
        context.addIssue({
          code: 'custom',
          message: `template ${template.name} names ${medicine}, not in medicines`,
        });
      }
    }
  });

export type StarterLists = z.infer<typeof starterListsSchema>;

export const starterLists = {
  general: starterListsSchema.parse(generalLists),
  dental: starterListsSchema.parse(dentalLists),
} as const satisfies Record<string, StarterLists>;

/**
 * A dentist's lists are the dental ones; every other speciality, each a doctor who
 * examines and prescribes, starts from the general practitioner's (decision 017).
 */
export function starterListsFor(speciality: Speciality): StarterLists {
  return speciality === 'DENTIST' ? starterLists.dental : starterLists.general;
}
