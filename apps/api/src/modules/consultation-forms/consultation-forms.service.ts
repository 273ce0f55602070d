import type { WhatsAppSender } from '../../adapters/messaging/whatsapp';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { UploadsService } from '../uploads/uploads.service';
import { createFormEditingService } from './consultation-forms.editing.service';
import { createLayoutService } from './consultation-forms.layout.service';
import { createPrescriptionMessagesService } from './consultation-forms.messages.service';

/**
 * Consultation forms and prescriptions (spec §7 "Consultation forms"): writing and
 * keeping the forms, the layout images printed on them, and sending them on WhatsApp.
 */
export function createConsultationFormsService(deps: {
  db: Db;
  clock: Clock;
  uploads: UploadsService;
  whatsapp: WhatsAppSender;
  publicUrl: string;
}) {
  return {
    ...createFormEditingService(deps),
    ...createLayoutService(deps),
    ...createPrescriptionMessagesService(deps),
  };
}

export type ConsultationFormsService = ReturnType<typeof createConsultationFormsService>;
