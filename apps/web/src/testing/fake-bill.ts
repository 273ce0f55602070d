import { type Bill, billMessages, type PublicBill } from '@vaidya/contract/bills';
import {
  type OutboxMessage,
  type OutboxStatus,
  whatsAppSendMessage,
} from '@vaidya/contract/consultation-forms';
import { billedPatientId } from './fake-bills';
import { uuid } from './fake-masters';
import { type Handler, kothrud, sushrutDental } from './fake-server';

const line = (
  n: number,
  name: string,
  quantity: number,
  unitPrice: number,
  taxPercentage: number,
  discount: number,
  tax: number,
): PublicBill['bill']['items'][number] => ({
  id: uuid(1100 + n),
  treatment_id: null,
  product_id: null,
  plan_item_id: null,
  name,
  quantity,
  unit_price: unitPrice,
  tax_percentage: taxPercentage,
  amount: quantity * unitPrice,
  discount,
  tax,
  total: Math.round((quantity * unitPrice - discount + tax) * 100) / 100,
});

/**
 * A typical dental bill: a treatment, two medicines with GST, ₹100 off shared over the
 * lines, ₹1,000 paid in two parts and ₹243.84 still due, printed with the clinic's name
 * as header. Subtotal 1,250 − discount 100 + tax 93.84 = total 1,243.84.
 */
export const fullBill: PublicBill = {
  bill: {
    id: uuid(1000),
    bill_number: '2026-27/42',
    customer_name: 'Asha Patil',
    customer_mobile: '9822000001',
    generated_date: '2026-11-23',
    subtotal: 1250,
    discount: 100,
    tax: 93.84,
    final_amount: 1243.84,
    amount_paid: 1000,
    balance: 243.84,
    items: [
      line(1, 'Scaling and polishing', 1, 800, 0, 64, 0),
      line(2, 'Amoxicillin 500', 3, 50, 12, 12, 16.56),
      line(3, 'Sensodyne toothpaste', 2, 150, 28, 24, 77.28),
    ],
    payments: [
      { id: uuid(1201), amount: 600, payment_mode: 'cash', paid_at: '2026-11-23T06:30:00.000Z' },
      { id: uuid(1202), amount: 400, payment_mode: 'upi', paid_at: '2026-11-25T06:30:00.000Z' },
    ],
    doctor: { name: 'Dr Sushrut Kulkarni', registration_number: 'A-12345' },
  },
  location: {
    location_name: kothrud.location_name,
    address: kothrud.address,
    contact_no: kothrud.contact_no,
  },
  partner: {
    name: sushrutDental.name,
    speciality: 'DENTIST',
    consultation_form_header_url: null,
    time_zone: sushrutDental.time_zone,
  },
};

const notFound = () => Response.json({ message: 'Bill not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * The public bill, the clinic's own record of it (written for the booking `slotId`, or
 * for none), and its WhatsApp calls over messages kept in memory, as fakePrescription
 * does: each send answers as its `outcomes` say, in turn (the last repeats), and joins
 * the list, newest first; a send waits for `sendsHeldUntil`.
 */
export function fakeBill({
  bill = fullBill,
  slotId = null,
  outcomes = ['recorded'],
  sendsHeldUntil,
}: {
  bill?: PublicBill;
  slotId?: string | null;
  outcomes?: OutboxStatus[];
  sendsHeldUntil?: Promise<void>;
} = {}): Record<string, Handler> {
  const id = bill.bill.id;
  const record: Bill = {
    ...bill.bill,
    location_id: kothrud.id,
    slot_id: slotId,
    patient_id: billedPatientId,
    doctor_user_id: bill.bill.doctor ? sushrutDental.user.id : null,
    created_by_name: sushrutDental.user.name,
  };
  let outbox: OutboxMessage[] = [];
  let sends = 0;
  return {
    [`GET /api/public/bill/${id}`]: () => Response.json({ data: bill }),
    'GET /api/bill/get-by-id': ({ url }) =>
      url.searchParams.get('id') === id ? Response.json({ data: record }) : notFound(),
    'GET /api/bill/get-messages': ({ url }) =>
      url.searchParams.get('id') === id ? Response.json({ data: outbox }) : notFound(),
    'POST /api/bill/send-message': async () => {
      await sendsHeldUntil;
      const status = outcomes[Math.min(sends, outcomes.length - 1)] ?? 'recorded';
      sends += 1;
      // As the API does: to the mobile on the bill, with the names on record, whatever the request says.
      const message: OutboxMessage = {
        id: uuid(1250 + sends),
        recipient: bill.bill.customer_mobile,
        status,
        error: status === 'failed' ? 'Recipient phone number not on WhatsApp' : null,
        body: `Bill from ${bill.partner.name} for ${bill.bill.customer_name} on ${bill.bill.generated_date}`,
        created_at: new Date(Date.UTC(2026, 10, 24, 7, sends)).toISOString(),
      };
      outbox = [message, ...outbox];
      return status === 'failed'
        ? Response.json({ message: billMessages.messageFailed, code: 'MESSAGE_FAILED' }, { status: 502 })
        : Response.json({ data: message, message: whatsAppSendMessage(status) });
    },
  };
}
