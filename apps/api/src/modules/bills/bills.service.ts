import { billMessages, billRecordLabel } from '@vaidya/contract/bills';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { createDocumentMessagesService } from '../documents/documents.messages.service';
import type { PatientsService } from '../patients/patients.service';
import type {
  MessagedDocument,
  WhatsAppMessagesService,
} from '../whatsapp-messages/whatsapp-messages.service';
import { requireBill } from './bill-records';
import { createBookkeepingService } from './bills.bookkeeping.service';
import { createBillPaymentsService } from './bills.payments.service';
import { createBillReadingService } from './bills.reading.service';
import { createBillWritingService } from './bills.writing.service';

/** The bill as a document sent on WhatsApp: to the mobile number, with the names and the date it holds. */
const billDocument = (db: Db): MessagedDocument => ({
  template: 'bill',
  label: billRecordLabel,
  async load(partnerId, id) {
    const bill = await requireBill(db, partnerId, id);
    return {
      id: bill.id,
      locationId: bill.location_id,
      mobile: bill.customer_mobile,
      patientId: bill.patient_id,
      patientName: bill.customer_name,
      date: bill.generated_date,
    };
  },
  path: (id) => `/bill/${id}`,
  body: billMessages.billMessage,
  failed: billMessages.messageFailed,
});

/**
 * Bills (spec §7 "Bills"): what a patient is charged for a visit, numbered per financial
 * year, paid at once or in parts. The union of writing bills, payments and dues, and
 * reading them (the patient's bill page too), plus sending them on WhatsApp through the
 * documents module. Writing and payments keep their books (audit rows, payments) alike.
 */
export function createBillsService({
  db,
  clock,
  patients,
  whatsappMessages,
}: {
  db: Db;
  clock: Clock;
  /** Finds or creates the patient a bill names, in the bill's transaction. */
  patients: Pick<PatientsService, 'findOrCreate'>;
  whatsappMessages: WhatsAppMessagesService;
}) {
  const bookkeeping = createBookkeepingService({ clock });
  return {
    ...createBillWritingService({ db, clock, patients, bookkeeping }),
    ...createBillPaymentsService({ db, clock, bookkeeping }),
    ...createBillReadingService({ db }),
    ...createDocumentMessagesService({ whatsappMessages, document: billDocument(db) }),
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
