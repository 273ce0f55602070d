import { toRupees } from '@vaidya/contract/bill-arithmetic';
import { rupeesText } from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import type { OutboxMessage } from '@vaidya/contract/documents';
import { patientMessages } from '@vaidya/contract/patients';
import { paymentModes, paymentModeWords } from '@vaidya/contract/record-states';
import {
  type CollectionGroup,
  type CollectionRow,
  type CollectionSplit,
  type Collections,
  type CollectionsQuery,
  type DuesAgeing,
  type DuesAgeingQuery,
  reportMessages,
  type SendDuesReminderPayload,
  type TreatmentsQuery,
  type TreatmentsReport,
  treatmentsReportSize,
  type Visits,
  type VisitsQuery,
} from '@vaidya/contract/reports';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { assertWorksAt, type Caller, locationFilter } from '../access/authenticate';
import type { UsageLimit } from '../usage-limits/usage-limits.service';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import { type PeriodMoney, sumCollections } from './reports.collections.repository';
import { findPatientDues, listDues, sumDues } from './reports.dues.repository';
import { findLocationNames, findReportClinic, findUserNames, type ReportScope } from './reports.repository';
import { listTopMedicines, listTopTreatments } from './reports.treatments.repository';
import { countVisitsByDay, countVisitsByHour, measureVisitTimes } from './reports.visits.repository';

/** Who asks for a report: their clinic and the locations they work at. */
export type ReportReader = Pick<Caller, 'partnerId' | 'locations'>;

/** At most one dues reminder to a patient a day (the clinic's day): a reminder, not a hounding. */
const duesReminderLimit: UsageLimit = {
  scope: 'whatsapp-sends-dues_reminder',
  max: 1,
  per: 'day',
  refusal: reportMessages.reminderSentToday,
};

/** Paise → rupees of every amount of a dues row or its totals. */
const bucketsInRupees = (paise: {
  days0To30: number;
  days31To60: number;
  days61To90: number;
  days91Plus: number;
  total: number;
}) => ({
  days_0_30: toRupees(paise.days0To30),
  days_31_60: toRupees(paise.days31To60),
  days_61_90: toRupees(paise.days61To90),
  days_91_plus: toRupees(paise.days91Plus),
  total: toRupees(paise.total),
});

/**
 * The owner's and doctors' reports (issue 24, decision 048): each figure an SQL sum of the
 * records it names, in integer paise, turned into rupees once here. A report covers the
 * location asked (another clinic's: 404) or else every location the reader works at; every day
 * boundary is the clinic's time zone. Writes nothing but the dues reminder, through the
 * WhatsApp messages service.
 */
export function createReportsService(deps: {
  db: Db;
  clock: Clock;
  whatsappMessages: Pick<WhatsAppMessagesService, 'sendAboutPatient'>;
}) {
  const { db, clock } = deps;

  /** The clinic and the locations a report of `reader`'s covers: `locationId` alone when given. */
  async function scopeOf(reader: ReportReader, locationId?: string) {
    const clinic = await findReportClinic(db, { partnerId: reader.partnerId, locationId });
    if (!clinic || (locationId && !clinic.locationFound)) throw notFound(bookingRecordLabels.location);
    if (locationId) assertWorksAt(reader, locationId);
    const scope: ReportScope = {
      partnerId: reader.partnerId,
      timeZone: clinic.timeZone,
      locationIds: locationId ? [locationId] : locationFilter(reader),
    };
    return { scope, clinicName: clinic.name };
  }

  /** The split's groups, in the order the table lists them: every mode, else doctors or locations by name. */
  async function groupsOf(
    scope: ReportScope,
    by: CollectionSplit | null,
    keys: string[],
  ): Promise<{ key: string; label: string }[]> {
    if (!by) return [];
    if (by === 'mode') return paymentModes.map((mode) => ({ key: mode, label: paymentModeWords[mode] }));
    const ids = keys.filter((key) => key !== 'none');
    const names =
      by === 'doctor'
        ? await findUserNames(db, scope.partnerId, ids)
        : await findLocationNames(db, scope.partnerId, ids);
    const named = ids
      .map((key) => ({ key, label: names.get(key) ?? '' }))
      .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
    return keys.includes('none') ? [...named, { key: 'none', label: reportMessages.noDoctor }] : named;
  }

  return {
    /**
     * Bills made and money received per period (every period of the range, oldest first),
     * each split into the same groups when `by` is given, and the rows added up.
     */
    async collections({
      reader,
      query,
    }: {
      reader: ReportReader;
      query: CollectionsQuery;
    }): Promise<Collections> {
      const { scope } = await scopeOf(reader, query.location_id);
      const by = query.by ?? null;
      const money = await sumCollections(db, {
        ...scope,
        from: query.from,
        to: query.to,
        period: query.period,
        by,
      });
      const keys = [...new Set(money.flatMap((part) => (part.key === null ? [] : [part.key])))];
      const groups = await groupsOf(scope, by, keys);
      const byPeriod = new Map<string, PeriodMoney[]>();
      for (const part of money)
        byPeriod.set(part.periodStart, [...(byPeriod.get(part.periodStart) ?? []), part]);

      // Added up in paise, turned into rupees once each.
      const periods = [...byPeriod].map(([periodStart, parts]) => ({
        periodStart,
        billed: sumOf(parts, (part) => part.billedPaise),
        received: sumOf(parts, (part) => part.receivedPaise),
        groups: groups.map((group) => {
          const part = parts.find((candidate) => candidate.key === group.key);
          return { ...group, billed: part?.billedPaise ?? 0, received: part?.receivedPaise ?? 0 };
        }),
      }));
      const rows: CollectionRow[] = periods.map((period) => ({
        period_start: period.periodStart,
        billed: toRupees(period.billed),
        received: toRupees(period.received),
        groups: period.groups.map((group) => groupInRupees(group, by)),
      }));
      return {
        from: query.from,
        to: query.to,
        period: query.period,
        by,
        rows,
        totals: {
          billed: toRupees(sumOf(periods, (period) => period.billed)),
          received: toRupees(sumOf(periods, (period) => period.received)),
          groups: groups.map((group, index) =>
            groupInRupees(
              {
                ...group,
                billed: sumOf(periods, (period) => period.groups[index]?.billed ?? 0),
                received: sumOf(periods, (period) => period.groups[index]?.received ?? 0),
              },
              by,
            ),
          ),
        },
      };
    },

    /** A page of who owes at the covered locations, largest balance first, and the whole report's totals. */
    async duesAgeing({
      reader,
      query,
    }: {
      reader: ReportReader;
      query: DuesAgeingQuery;
    }): Promise<DuesAgeing> {
      const { scope } = await scopeOf(reader, query.location_id);
      const selection = { ...scope, today: localToday(scope.timeZone, clock()).date, query: query.query };
      const [rows, totals] = await Promise.all([
        listDues(db, selection, { limit: query.limit, page: query.page }),
        sumDues(db, selection),
      ]);
      return {
        results: rows.map((row) => ({
          patient_id: row.patientId,
          patient_name: row.patientName,
          mobile: row.mobile,
          location_id: row.locationId,
          location_name: row.locationName,
          ...bucketsInRupees(row),
          oldest_bill_date: row.oldestBillDate,
          last_payment_at: row.lastPaymentAt,
          last_payment_amount: row.lastPaymentPaise === null ? null : toRupees(row.lastPaymentPaise),
          last_reminder_at: row.lastReminderAt,
        })),
        pagination: { total: totals.rows, page: query.page, limit: query.limit },
        totals: { ...bucketsInRupees(totals), patients: totals.patients },
      };
    },

    /**
     * Reminds a patient on WhatsApp of what they owe at a location (the dues_reminder template,
     * kept in the outbox, audited as the caller's): 404 for another clinic's patient or
     * location, 409 when they owe nothing there, 429 after one that day.
     */
    async sendDuesReminder({
      caller,
      body,
    }: {
      caller: ReportReader & Pick<Caller, 'userId' | 'address'>;
      body: SendDuesReminderPayload;
    }): Promise<OutboxMessage> {
      const { scope, clinicName } = await scopeOf(caller, body.locationId);
      const patient = await findPatientDues(db, {
        partnerId: scope.partnerId,
        patientId: body.patientId,
        locationId: body.locationId,
      });
      if (!patient) throw notFound(patientMessages.recordLabel);
      if (patient.duePaise <= 0) throw new AppError('CONFLICT', reportMessages.noDues);
      const words = {
        patientName: patient.name,
        clinicName,
        amount: rupeesText.format(toRupees(patient.duePaise)),
      };
      return deps.whatsappMessages.sendAboutPatient(caller, {
        message: {
          partnerId: scope.partnerId,
          locationId: body.locationId,
          referenceId: body.patientId,
          to: patient.mobile,
          template: {
            template: 'dues_reminder',
            bodyParameters: [words.patientName, words.clinicName, words.amount],
          },
          body: reportMessages.duesReminder(words),
        },
        limit: duesReminderLimit,
        failed: reportMessages.reminderFailed,
      });
    },

    /** Each day's visits and bookings, the range's totals and no-show rate, queue times and busiest hours. */
    async visits({ reader, query }: { reader: ReportReader; query: VisitsQuery }): Promise<Visits> {
      const { scope } = await scopeOf(reader, query.location_id);
      const selection = { ...scope, from: query.from, to: query.to };
      const [days, times, busiestHours] = await Promise.all([
        countVisitsByDay(db, selection),
        measureVisitTimes(db, selection),
        countVisitsByHour(db, selection),
      ]);
      const sum = (count: (day: (typeof days)[number]) => number) => sumOf(days, count);
      const totals = {
        visits: sum((day) => day.visits),
        new_patients: sum((day) => day.new_patients),
        returning_patients: sum((day) => day.returning_patients),
        online: sum((day) => day.online),
        desk: sum((day) => day.desk),
        no_shows: sum((day) => day.no_shows),
        cancelled: sum((day) => day.cancelled),
      };
      const due = totals.visits + totals.no_shows;
      return {
        from: query.from,
        to: query.to,
        days,
        totals: { ...totals, no_show_rate: due === 0 ? null : totals.no_shows / due },
        wait: times.wait,
        consultation: times.consultation,
        busiest_hours: busiestHours,
      };
    },

    /** The most billed treatments with their revenue and the most prescribed medicines over the range. */
    async treatments({
      reader,
      query,
    }: {
      reader: ReportReader;
      query: TreatmentsQuery;
    }): Promise<TreatmentsReport> {
      const { scope } = await scopeOf(reader, query.location_id);
      const selection = { ...scope, from: query.from, to: query.to, size: treatmentsReportSize };
      const [treatments, medicines] = await Promise.all([
        listTopTreatments(db, selection),
        listTopMedicines(db, selection),
      ]);
      return {
        from: query.from,
        to: query.to,
        treatments: treatments.map(({ revenuePaise, ...treatment }) => ({
          ...treatment,
          revenue: toRupees(revenuePaise),
        })),
        medicines,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** The sum of `amount` over `items`: whole paise or counts, exact. */
function sumOf<T>(items: readonly T[], amount: (item: T) => number): number {
  return items.reduce((sum, item) => sum + amount(item), 0);
}

/** A group's sums of paise in rupees; by mode, `billed` is null: a bill is not made in a mode. */
function groupInRupees(
  group: { key: string; label: string; billed: number; received: number },
  by: CollectionSplit | null,
): CollectionGroup {
  return {
    key: group.key,
    label: group.label,
    billed: by === 'mode' ? null : toRupees(group.billed),
    received: toRupees(group.received),
  };
}
