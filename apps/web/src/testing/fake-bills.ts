import { computeBillOfRupees, toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import { type Bill, type BillPayload, type BillSummary, billMessages } from '@vaidya/contract/bills';
import type { BillablePlanItem } from '@vaidya/contract/dental';
import { uuid } from './fake-masters';
import type { Handler } from './fake-server';
import { kothrud } from './fake-server';

/** A saved bill's row in the list, with its figures as given. */
/**
 * The day the fake bills are dated: far ahead, so it is always later than the clinic's
 * today and the bills screen opens on it (the stored day wins when later), whatever the
 * hour the tests run.
 */
export const fakeBillDay = '2099-11-23';

export function fakeBillSummary(n: number, name: string, overrides: Partial<BillSummary> = {}): BillSummary {
  return {
    id: uuid(1000 + n),
    bill_number: `2026-27/${n}`,
    location_id: kothrud.id,
    slot_id: null,
    // The id `fakePatient(n)` has: the bill is that patient's.
    patient_id: uuid(3000 + n),
    customer_name: name,
    customer_mobile: `98230${String(n).padStart(5, '0')}`,
    generated_date: fakeBillDay,
    subtotal: 500,
    discount: 0,
    tax: 0,
    final_amount: 500,
    amount_paid: 500,
    balance: 0,
    doctor_user_id: null,
    ...overrides,
  };
}

/** The patient the fake server files every new bill under, as the server would the one its payload names. */
export const billedPatientId = uuid(3000);

/** A saved bill as the server makes it from a payload: its figures by the contract's arithmetic. */
export function billOf(id: string, payload: BillPayload, date = '2026-11-23'): Bill {
  const computed = computeBillOfRupees(payload);
  const paidPaise = Math.min(toPaise(payload.amountPaid), computed.finalPaise);
  return {
    id,
    bill_number: '2026-27/1',
    location_id: payload.locationId,
    slot_id: payload.slotId ?? null,
    patient_id: billedPatientId,
    customer_name: payload.customerName,
    customer_mobile: payload.customerMobile,
    generated_date: date,
    subtotal: toRupees(computed.subtotalPaise),
    discount: toRupees(computed.discountPaise),
    tax: toRupees(computed.taxPaise),
    final_amount: toRupees(computed.finalPaise),
    amount_paid: toRupees(paidPaise),
    balance: toRupees(computed.finalPaise - paidPaise),
    items: payload.items.map((item, index) => {
      const line = computed.lines[index];
      return {
        id: uuid(1500 + index),
        treatment_id: item.treatmentId ?? null,
        product_id: item.productId ?? null,
        plan_item_id: item.planItemId ?? null,
        name: item.name,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        tax_percentage: item.taxPercentage,
        amount: toRupees(line?.amountPaise ?? 0),
        discount: toRupees(line?.discountPaise ?? 0),
        tax: toRupees(line?.taxPaise ?? 0),
        total: toRupees(line?.totalPaise ?? 0),
      };
    }),
    payments:
      paidPaise > 0
        ? [
            {
              id: uuid(1600),
              amount: toRupees(paidPaise),
              payment_mode: payload.paymentMode,
              paid_at: `${date}T05:30:00.000Z`,
            },
          ]
        : [],
    doctor_user_id: payload.doctorUserId ?? null,
    doctor: payload.doctorUserId ? { name: 'Dr Sushrut Kulkarni', registration_number: null } : null,
    created_by_name: null,
  };
}

const notFound = () => Response.json({ message: 'Bill not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * The bill calls over bills kept in memory, answered as the server answers them: the
 * list filtered by name or mobile and by date, newest first, paged from 1; the bills of a
 * mobile's patients at a location with their balance; add and edit with the contract's
 * arithmetic; and a dental patient's completed plan items that no bill bills yet.
 */
export function fakeBills({
  bills = [],
  saved = [],
  planItems = [],
}: {
  bills?: BillSummary[];
  /** Whole bills, found by id and by booking. */
  saved?: Bill[];
  /** Completed dental plan items, each of the patient named with it; offered until a bill's line bills it. */
  planItems?: { patientId: string; item: BillablePlanItem }[];
} = {}): Record<string, Handler> {
  let rows: BillSummary[] = [...bills];
  let whole: Bill[] = [...saved];
  let next = 1800;
  return {
    'GET /api/bill/get-bills': ({ url }) => {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const start = url.searchParams.get('start_date') ?? '';
      const end = url.searchParams.get('end_date') ?? '9999-12-31';
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const found = rows.filter(
        (bill) =>
          bill.location_id === url.searchParams.get('location_id') &&
          (bill.customer_name.toLowerCase().includes(query) || bill.customer_mobile.includes(query)) &&
          bill.generated_date >= start &&
          bill.generated_date <= end,
      );
      return Response.json({
        data: { bills: found.slice((page - 1) * limit, page * limit), pagination: { total: found.length } },
      });
    },
    'POST /api/bill/get-pending-amount': ({ body }) => {
      const { customer_mobile, location_id } = body as { customer_mobile: string; location_id: string };
      const theirs = rows.filter(
        (bill) => bill.customer_mobile === customer_mobile && bill.location_id === location_id,
      );
      const totalPaise = theirs.reduce((all, bill) => all + toPaise(bill.balance), 0);
      // Each bill names its patient as the registry has them: here, the name it was issued to.
      const named = theirs.map((bill) => ({ ...bill, patient_name: bill.customer_name }));
      return Response.json({ data: { totalBalance: toRupees(totalPaise), bills: named } });
    },
    'GET /api/bill/get-by-id': ({ url }) => {
      const bill = whole.find((candidate) => candidate.id === url.searchParams.get('id'));
      return bill ? Response.json({ data: bill }) : notFound();
    },
    'GET /api/dental/get-billable-items': ({ url }) => {
      const billed = new Set(whole.flatMap((bill) => bill.items.map((item) => item.plan_item_id)));
      const patientId = url.searchParams.get('patient_id');
      return Response.json({
        data: planItems
          .filter((planned) => planned.patientId === patientId && !billed.has(planned.item.id))
          .map((planned) => planned.item),
      });
    },
    'GET /api/bill/get-by-slot-id': ({ url }) =>
      Response.json({ data: whole.find((bill) => bill.slot_id === url.searchParams.get('slot_id')) ?? null }),
    'POST /api/bill/add-bill': ({ body }) => {
      const bill = billOf(uuid(next++), body as BillPayload);
      whole = [...whole, bill];
      const { items: _items, payments: _payments, ...summary } = bill;
      rows = [summary, ...rows];
      return Response.json({ data: bill, message: billMessages.added }, { status: 201 });
    },
    'PUT /api/bill/edit-bill': ({ body }) => {
      const payload = body as BillPayload & { id: string };
      if (!whole.some((bill) => bill.id === payload.id)) return notFound();
      const bill = billOf(payload.id, payload);
      whole = whole.map((candidate) => (candidate.id === bill.id ? bill : candidate));
      return Response.json({ data: bill, message: billMessages.updated });
    },
  };
}
