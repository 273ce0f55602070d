/**
 * What the reports' screens say (issue 24): the page and its four reports, their filters,
 * charts, tables and CSV files, the dues reminder. The sentences the API answers are in
 * reports.ts. No zod here: the pages read their words from this file.
 */

import type { AgeingBucket, CollectionSplit, ReportPeriod } from './reports';

/** Months as the reports name them, January first: the same in every browser, unlike Intl's. */
const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Weekdays as the busiest-hours grid names its rows, Monday (0) first as the API numbers them. */
export const reportWeekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 'YYYY-MM-DD' of a month's 1st as its column reads: "Nov 2026". */
export function monthLabel(periodStart: string): string {
  const [year, month] = periodStart.split('-');
  return `${monthNames[Number(month) - 1] ?? month} ${year}`;
}

/** An hour of the day (0–23) as the busiest-hours grid heads its columns: "9 am", "12 pm". */
export function hourLabel(hour: number): string {
  return `${hour % 12 || 12} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The four reports, each a view of the page with an address of its own. */
export const reportViewLabels = {
  collections: 'Collections',
  dues: 'Dues',
  visits: 'Patients and visits',
  treatments: 'Treatments and medicines',
} as const;

export const reportPeriodLabels: Record<ReportPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

export const collectionSplitLabels: Record<CollectionSplit | 'none', string> = {
  none: 'None',
  mode: 'Payment mode',
  doctor: 'Doctor',
  location: 'Location',
};

export const ageingBucketLabels: Record<AgeingBucket, string> = {
  days_0_30: '0–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  days_91_plus: '91+ days',
};

/** The quick picks beside the dates. */
export const rangePickLabels = {
  today: 'Today',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
} as const;

export const reportScreenWords = {
  title: 'Reports',
  description:
    'What the clinic collected, who still owes, how many patients came and what was done: every figure adds up to the paisa.',
  views: 'Reports',
  filters: 'Filters',
  from: 'From',
  to: 'To',
  quickRange: 'Range',
  location: 'Location',
  allLocations: 'All my locations',
  period: 'Per',
  splitBy: 'Split by',
  search: 'Patient name or mobile',
  downloadCsv: 'Download CSV',
  loading: 'Loading the report',
  fetchFailed: 'The report could not be loaded.',
  total: 'Total',
  /** A chart's accessible name starts with what it shows; the figures are in the table under it. */
  chartSummary: (what: string, summary: string) => `${what}. ${summary} The figures are in the table below.`,
  chartFailed: 'The chart could not be drawn; the figures are in the table below.',
  /** The table's scrolling box, a region apart from its section of the same title. */
  tableRegion: (title: string) => `Table: ${title}`,
  weekOf: (date: string) => `Week of ${date}`,
  collections: {
    empty: 'Nothing was billed or received in this range.',
    period: 'Period',
    billed: 'Bills made',
    received: 'Money received',
    groupBilled: (group: string) => `${group}: bills made`,
    groupReceived: (group: string) => `${group}: received`,
    trendChart: 'Bills made and money received per period',
    splitChart: (split: string) => `Money received per period by ${split.toLowerCase()}`,
    chartTotals: (billed: string, received: string) => `In all, ${billed} billed and ${received} received.`,
    explanation:
      'Bills made counts each bill on its date; money received counts each payment on the day it was made, so the two differ when old dues are paid.',
    fileName: (from: string, to: string) => `collections-${from}-to-${to}.csv`,
  },
  dues: {
    empty: 'Nobody owes the clinic anything here.',
    emptySearch: 'Nobody who owes matches this search.',
    patient: 'Patient',
    mobile: 'Mobile',
    location: 'Location',
    total: 'Total due',
    lastPayment: 'Last payment',
    lastReminder: 'Last reminder',
    never: '—',
    paymentOn: (amount: string, date: string) => `${amount} on ${date}`,
    sendReminder: 'Send reminder',
    /** The row's button; its accessible name is `sendReminderTo`. */
    remind: 'Remind',
    sendReminderTo: (patient: string) => `Remind ${patient}`,
    reminderQueued: (patient: string) => `Reminder sent to ${patient} on WhatsApp`,
    reminderFailed: 'The reminder could not be sent.',
    chart: 'Money owed by the age of the bills',
    chartTotals: (total: string, patients: number) =>
      `${total} owed by ${patients} ${patients === 1 ? 'patient' : 'patients'}.`,
    summary: (total: string, patients: number) =>
      `${total} owed by ${patients} ${patients === 1 ? 'patient' : 'patients'}`,
    pageOnlyNote: 'Download CSV saves the patients on this page.',
    fileName: (page: number) => `dues-page-${page}.csv`,
  },
  visits: {
    empty: 'No tokens in this range.',
    date: 'Date',
    visits: 'Visits',
    newPatients: 'New patients',
    returningPatients: 'Returning',
    online: 'Booked online',
    desk: 'Booked at the desk',
    noShows: 'No-shows',
    cancelled: 'Cancelled',
    noShowRate: 'No-show rate',
    wait: 'Wait (arrived → called)',
    consultation: 'Consultation (called → done)',
    /** Under a queue time's average: how long nine in ten took at most. */
    p90: (p90: string) => `on average; 90% within ${p90}`,
    minutes: (minutes: number) => `${minutes.toLocaleString('en-IN', { maximumFractionDigits: 1 })} min`,
    noTimes: 'Not recorded yet',
    percent: (rate: number) => `${(rate * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`,
    notApplicable: '—',
    trendChart: 'Visits per day',
    chartTotals: (visits: number, newPatients: number) =>
      `${visits} ${visits === 1 ? 'visit' : 'visits'} in all, ${newPatients} of them new patients.`,
    busiestHours: 'Busiest hours',
    busiestHoursNote: 'Visits by weekday and hour of arrival; the darker, the busier.',
    noBusiestHours: 'No visit in this range has its arrival time recorded yet.',
    heatCell: (weekday: string, hour: string, visits: number) =>
      `${weekday} ${hour}: ${visits} ${visits === 1 ? 'visit' : 'visits'}`,
    busiest: (weekday: string, hour: string, visits: number) =>
      `Busiest: ${weekday} ${hour} with ${visits} ${visits === 1 ? 'visit' : 'visits'}.`,
    fileName: (from: string, to: string) => `visits-${from}-to-${to}.csv`,
  },
  treatments: {
    treatmentsTitle: 'Most billed treatments',
    medicinesTitle: 'Most prescribed medicines',
    treatment: 'Treatment',
    quantity: 'Quantity',
    bills: 'Bills',
    revenue: 'Revenue',
    medicine: 'Medicine',
    prescriptions: 'Prescriptions',
    noTreatments: 'No treatments were billed in this range.',
    noMedicines: 'No medicines were prescribed in this range.',
    treatmentsChart: 'Revenue of the most billed treatments',
    medicinesChart: 'Prescriptions of the most prescribed medicines',
    topOne: (name: string, figure: string) => `First: ${name}, ${figure}.`,
    prescriptionsCount: (count: number) =>
      `${count.toLocaleString('en-IN')} ${count === 1 ? 'prescription' : 'prescriptions'}`,
    treatmentsFileName: (from: string, to: string) => `treatments-${from}-to-${to}.csv`,
    medicinesFileName: (from: string, to: string) => `medicines-${from}-to-${to}.csv`,
  },
} as const;

/** A chart axis's amount, short: ₹950, ₹12.5k, ₹3.4 L (lakh), ₹1.2 Cr (crore). */
export function compactRupees(rupees: number): string {
  const short = (value: number, unit: string) =>
    `₹${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })}${unit}`;
  const size = Math.abs(rupees);
  if (size >= 10_000_000) return short(rupees / 10_000_000, ' Cr');
  if (size >= 100_000) return short(rupees / 100_000, ' L');
  if (size >= 1000) return short(rupees / 1000, 'k');
  return short(rupees, '');
}
