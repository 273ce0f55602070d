import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { createDentalChartService } from './dental.chart.service';
import { createDentalPlansService } from './dental.plans.service';

/**
 * The dental module (issue 22, decision 046): a patient's chart of findings and their
 * treatment plans, for clinics whose speciality is DENTIST. It writes the dental tables only;
 * of the bills it reads what bills a plan's items.
 */
export function createDentalService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    ...createDentalChartService({ db, clock }),
    ...createDentalPlansService({ db, clock }),
  };
}

export type DentalService = ReturnType<typeof createDentalService>;
