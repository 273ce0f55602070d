import { paymentModeWords } from './record-states';
/**
 * The words of the bills screen and the bill editor (spec §2 "Bills screen", §8, §9).
 * The messages the API also uses (validation, saved) are billMessages in bills.ts.
 */
export const billsScreenWords = {
  title: 'Bills',
  description:
    "Find bills by patient name, phone number or date, and open a bill or a patient's bill history.",
  newBill: 'New bill',
  search: 'Search by name or phone number',
  startDate: 'Start Date',
  endDate: 'End Date',
  headers: {
    serial: 'S.No',
    patient: 'Patient Name',
    mobile: 'Phone Number',
    date: 'Date',
    total: 'Total Amount',
    tax: 'Tax Amount',
    paid: 'Total Paid',
    balance: 'Balance',
    actions: 'Actions',
  },
  viewBill: 'View Bill',
  billHistory: 'Bill history',
  viewBillOf: (name: string) => `View Bill of ${name}`,
  billHistoryOf: (name: string) => `Bill history of ${name}`,
  recordPayment: 'Record payment',
  recordPaymentOf: (name: string) => `Record payment of ${name}`,
  empty: 'No bills found.',
  fetchFailed: 'Failed to fetch bills',
  retry: 'Retry',
  loading: 'Loading bills',
  /** The bill history dialog. */
  history: {
    title: (name: string) => `Bill History: ${name}`,
    /** Several patients on the mobile have bills (a family shares one phone, issue 21). */
    familyTitle: (mobile: string) => `Bill History: everyone on ${mobile}`,
    totalBalance: 'Total Balance',
    headers: {
      patient: 'Patient',
      date: 'Date',
      total: 'Total Amount',
      tax: 'Tax Amount',
      paid: 'Amount Paid',
      balance: 'Balance',
    },
    empty: 'No bill history found.',
    noRows: 'No data available.',
    fetchFailed: 'Failed to fetch bill history',
    loading: 'Loading bill history',
    close: 'Close',
  },
  /** Record payment: money against the patient's dues at the location, oldest bill first. */
  duesPayment: {
    title: (name: string) => `Record payment: ${name}`,
    description: 'The amount settles the oldest bills first; each bill keeps its share.',
    loading: 'Loading what is due',
    fetchFailed: 'Failed to fetch what is due',
    totalDue: 'Total due',
    nothingDue: 'Nothing is due from this patient at this location.',
    /** A family on one phone owes (issue 21): a payment is one patient's. */
    whose: 'Whose bills is this payment for?',
    chooseWhose: 'More than one patient on this mobile owes. Choose whose bills this payment is for.',
    patientDue: (name: string, due: string, bills: number) =>
      `${name}: ${due} due on ${bills} ${bills === 1 ? 'bill' : 'bills'}`,
    headers: { billNumber: 'Bill No.', date: 'Date', total: 'Total Amount', balance: 'Balance' },
    amount: 'Amount (₹)',
    amountHelp: 'Up to the total due',
    note: 'Note (optional)',
    save: 'Record payment',
    saveFailed: 'Failed to record the payment',
    cancel: 'Cancel',
    close: 'Close',
    recorded: (amount: string, remainingDue: string) =>
      `${amount} recorded. Still due: ${remainingDue}. The receipt is ready to print.`,
    printReceipt: 'Print receipt',
  },
} as const;

export const billEditorWords = {
  newTitle: 'New bill',
  editTitle: 'Edit bill',
  description:
    'Charge the patient for the visit: treatments and medicines from your masters, discount and payment.',
  loading: 'Loading the bill',
  fetchFailed: 'Failed to fetch the bill',
  retry: 'Retry',
  sections: {
    patient: 'Patient',
    items: 'Items',
    payment: 'Payment',
  },
  patientName: 'Patient name',
  mobile: 'Mobile number',
  /** The bill's doctor (issue 23), printed with their registration number. */
  doctor: 'Doctor',
  noDoctor: 'No doctor',
  /** A new bill of a booking whose doctor the server takes from its queue. */
  bookingDoctor: 'The booking’s doctor',
  addTreatment: 'Add treatment',
  addMedicine: 'Add medicine',
  noItems: 'No items yet: add treatments and medicines from your masters.',
  /** A dental clinic's bill (issue 22): the patient's completed plan items no bill bills yet. */
  planItems: {
    title: 'Done in treatment plans, not billed yet',
    /** What follows a plan item's treatment in its line's name: ", tooth 36 MO". */
    toothDetail: (tooth: string | null, surfaces: string) =>
      tooth === null ? '' : `, tooth ${tooth}${surfaces ? ` ${surfaces}` : ''}`,
    /** Under an offered item: its plan, the day it was done, and what its line will cost. */
    from: (plan: string, completedOn: string, price: string) => `${plan} · done ${completedOn} · ${price}`,
    addShort: 'Add',
    add: (line: string, price: string) => `Add ${line}, ${price}`,
    addAll: 'Add all',
    fetchFailed: 'Could not fetch the treatment plans’ items to bill.',
  },
  item: {
    quantity: 'Qty',
    unitPrice: 'Unit price (₹)',
    tax: 'Tax %',
    /** The line's tax and amount, in the words of the printed bill's columns: "Tax ₹11.91". */
    taxFigure: (amount: string) => `Tax ${amount}`,
    amountFigure: (amount: string) => `Amount ${amount}`,
    remove: (name: string) => `Remove ${name}`,
  },
  discount: 'Discount (₹)',
  subtotal: 'Subtotal',
  discountLine: 'Discount',
  tax: 'Tax',
  total: 'Total',
  earlierBalance: (amount: string) => `Earlier balance ${amount}`,
  collectEarlier: 'Collect earlier balance',
  amountDue: 'Amount due',
  amountPaid: 'Amount paid (₹)',
  balanceAfter: 'Balance',
  paymentMode: 'Payment mode',
  paymentModes: paymentModeWords,
  fixErrors: 'Please correct the following:',
  save: 'Save bill',
  saveFailed: 'Failed to save bill',
} as const;

/** A bill of an earlier day opened in the editor by a role that may not correct it (issue 23). */
export const billCorrectionTexts = {
  title: 'Only the owner may change this bill',
  viewBill: 'View the bill',
} as const;
