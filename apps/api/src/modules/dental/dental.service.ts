import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import { createDentalChartService } from './dental.chart.service';
import { createDentalEstimatesService } from './dental.estimates.service';
import { createDentalPlansService } from './dental.plans.service';

/**
 * The dental module (issue 22, decision 046): a patient's chart of findings and their
 * treatment plans, for clinics whose speciality is DENTIST. It writes the dental tables only;
 * of the bills it reads what bills a plan's items. A plan's estimate goes on WhatsApp as a
 * prescription does, through the documents module.
 */
export function createDentalService({
  db,
  clock,
  whatsappMessages,
}: {
  db: Db;
  clock: Clock;
  whatsappMessages: Pick<WhatsAppMessagesService, 'ofDocument'>;
}) {
  return {
    ...createDentalChartService({ db, clock }),
    ...createDentalPlansService({ db, clock }),
    ...createDentalEstimatesService({ db, clock, whatsappMessages }),
  };
}

export type DentalService = ReturnType<typeof createDentalService>;
