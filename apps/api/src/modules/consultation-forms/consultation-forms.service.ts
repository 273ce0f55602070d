import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { UploadsService } from '../uploads/uploads.service';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
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
  whatsappMessages: WhatsAppMessagesService;
}) {
  return {
    ...createFormEditingService(deps),
    ...createLayoutService(deps),
    ...createPrescriptionMessagesService(deps),
  };
}

export type ConsultationFormsService = ReturnType<typeof createConsultationFormsService>;
