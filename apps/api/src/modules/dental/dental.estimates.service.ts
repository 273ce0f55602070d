import { localToday } from '@vaidya/contract/calendar-dates';
import { dentalMessages, type PublicEstimate } from '@vaidya/contract/dental';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { toDocumentPartner } from '../documents/document-header';
import { createDocumentMessagesService } from '../documents/documents.messages.service';
import type {
  MessagedDocument,
  WhatsAppMessagesService,
} from '../whatsapp-messages/whatsapp-messages.service';
import { findPlanRecipient, findPublicPlan } from './dental.plans.repository';
import { requireDentalClinic } from './dental-clinic';
import { loadPlans } from './plan-records';

/**
 * A treatment plan's estimate as a document sent on WhatsApp, as a prescription is: to the
 * patient's mobile on record, with the patient's and clinic's names and the plan's date in the
 * clinic's zone, counted against the location the plan was made at. A plan saved before plans
 * named their location has no such limit to count against: 409.
 */
const planDocument = (db: Db, clock: Clock): MessagedDocument => ({
  template: 'estimate',
  label: dentalMessages.recordLabels.plan,
  async load(partnerId, id) {
    const { timeZone } = await requireDentalClinic(db, partnerId, clock());
    const plan = await findPlanRecipient(db, { partnerId, id });
    if (!plan) throw notFound(dentalMessages.recordLabels.plan);
    if (!plan.locationId) throw new AppError('CONFLICT', dentalMessages.planWithoutLocation);
    return {
      id: plan.id,
      locationId: plan.locationId,
      mobile: plan.mobile,
      patientId: plan.patientId,
      patientName: plan.patientName,
      date: localToday(timeZone, plan.createdAt).date,
    };
  },
  path: (id) => `/estimate/${id}`,
  body: dentalMessages.estimateMessage,
  failed: dentalMessages.messageFailed,
});

/** The estimate sent to the patient on WhatsApp, its messages, and the page its link opens. */
export function createDentalEstimatesService({
  db,
  clock,
  whatsappMessages,
}: {
  db: Db;
  clock: Clock;
  whatsappMessages: Pick<WhatsAppMessagesService, 'ofDocument'>;
}) {
  const messages = createDocumentMessagesService({ whatsappMessages, document: planDocument(db, clock) });
  return {
    sendPlanMessage: messages.sendMessage,
    listPlanMessages: messages.listMessages,

    /** The estimate as printed, for the patient's link: no sign-in, the plan's id is the permission. */
    async getPublicEstimate({ id }: { id: string }): Promise<PublicEstimate> {
      const found = await findPublicPlan(db, id);
      if (!found) throw notFound(dentalMessages.recordLabels.plan);
      const [plan] = await loadPlans(db, [found.plan]);
      if (!plan) throw notFound(dentalMessages.recordLabels.plan);
      const { name, speciality, consultation_form_header_url, time_zone } = toDocumentPartner(found.partner);
      return {
        plan: {
          id: plan.id,
          title: plan.title,
          valid_until: plan.valid_until,
          created_at: plan.created_at,
          accepted_alternative_id: plan.accepted_alternative_id,
          alternatives: plan.alternatives.map((alternative) => ({
            ...alternative,
            items: alternative.items.map(
              ({ treatment_id: _t, status: _s, completed_on: _c, bill_id: _b, ...printed }) => printed,
            ),
          })),
        },
        patient: found.patient,
        location: found.location,
        partner: {
          name,
          speciality,
          consultation_form_header_url,
          time_zone,
          tooth_numbering: found.toothNumbering,
        },
      };
    },
  };
}
