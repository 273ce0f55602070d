import {
  type AddFindingsPayload,
  type ChartQuery,
  type DentalChart,
  type DentalFinding,
  dentalMessages,
  type UpdateChartBody,
  type VoidFindingBody,
  wholeToothKey,
} from '@vaidya/contract/dental';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { recordAuditEvent, recordAuditEvents } from '../audit/audit-trail';
import {
  type FindingRow,
  findFinding,
  findFindings,
  findMixedDentition,
  insertFindings,
  listFindings,
  saveMixedDentition,
  voidFinding,
} from './dental.repository';
import { requireDentalClinic, requirePatient } from './dental-clinic';

export const toDentalFinding = (row: FindingRow): DentalFinding => ({
  id: row.id,
  patient_id: row.patient_id,
  tooth: row.tooth,
  surfaces: row.surfaces as DentalFinding['surfaces'],
  condition: row.condition,
  state: row.state,
  material: row.material,
  mobility_grade: row.mobility_grade,
  note: row.note,
  recorded_on: row.recorded_on,
  recorded_by_name: row.recorded_by_name ?? '',
  created_at: row.created_at.toISOString(),
  voided_at: row.voided_at?.toISOString() ?? null,
  voided_by_name: row.voided_at ? (row.voided_by_name ?? '') : null,
  plan_item_id: row.plan_item_id,
});

/** A finding as it stood at the end of `asOf`: a void after that date is not there yet. */
const asItStood = (row: FindingRow, asOf: string | undefined): FindingRow =>
  asOf !== undefined && row.voided_on !== null && row.voided_on > asOf
    ? { ...row, voided_at: null, voided_on: null, voided_by: null, voided_by_name: null }
    : row;

/**
 * The chart as it stands: the latest standing finding of each tooth and surface, a whole-tooth
 * finding under the surface key '' and one of several surfaces under each; a finding current
 * for several keys is answered once, the findings by tooth and then as recorded.
 */
export function latestPerSurface(rows: FindingRow[]): FindingRow[] {
  const latest = new Map<string, FindingRow>();
  for (const row of rows) {
    if (row.voided_on !== null) continue;
    const keys = row.surfaces.length > 0 ? row.surfaces : [wholeToothKey];
    for (const key of keys) latest.set(`${row.tooth}:${key}`, row);
  }
  const current = new Set(latest.values());
  return rows.filter((row) => current.has(row)).sort((a, b) => a.tooth - b.tooth);
}

/**
 * The patient's dental chart (issue 22): findings are only ever added; voiding one ("entered
 * in error") keeps it in the tooth's history. Every call is a dentist's (403 otherwise), on the
 * clinic's own patient and findings (404 otherwise).
 */
export function createDentalChartService({ db, clock }: { db: Db; clock: Clock }) {
  async function chartOf(
    partner: { toothNumbering: DentalChart['tooth_numbering'] },
    patientId: string,
    rows: FindingRow[],
  ): Promise<DentalChart> {
    return {
      patient_id: patientId,
      mixed_dentition: await findMixedDentition(db, patientId),
      tooth_numbering: partner.toothNumbering,
      findings: rows.map(toDentalFinding),
    };
  }

  return {
    /** The latest per tooth and surface, or one tooth's every entry oldest first, as of a date when asked. */
    async getChart({ caller, query }: { caller: Caller; query: ChartQuery }): Promise<DentalChart> {
      const clinic = await requireDentalClinic(db, caller.partnerId, clock());
      await requirePatient(db, { partnerId: caller.partnerId, patientId: query.patient_id });
      const recorded = await listFindings(db, {
        patientId: query.patient_id,
        tooth: query.tooth,
        asOf: query.as_of,
      });
      const rows = recorded.map((row) => asItStood(row, query.as_of));
      const findings = query.tooth === undefined ? latestPerSurface(rows) : rows;
      return chartOf(clinic, query.patient_id, findings);
    },

    /** New entries on the chart, dated the clinic's today and signed by the caller. */
    async addFindings({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: AddFindingsPayload;
    }): Promise<DentalFinding[]> {
      const now = clock();
      const clinic = await requireDentalClinic(db, caller.partnerId, now);
      await requirePatient(db, { partnerId: caller.partnerId, patientId: payload.patientId });
      const rows = payload.findings.map((finding) => ({
        partner_id: caller.partnerId,
        patient_id: payload.patientId,
        tooth: finding.tooth,
        surfaces: finding.surfaces,
        condition: finding.condition,
        state: finding.state,
        material: finding.material || null,
        mobility_grade: finding.mobilityGrade ?? null,
        note: finding.note || null,
        recorded_on: clinic.today,
        recorded_by: caller.userId,
        created_at: now,
      }));
      const ids = await db.transaction(async (tx) => {
        const added = await insertFindings(tx, rows);
        await recordAuditEvents(
          tx,
          caller,
          added.map((id, index) => ({
            action: 'created',
            recordType: 'dental_chart',
            recordId: id,
            patientId: payload.patientId,
            changes: { after: payload.findings[index] },
          })),
        );
        return added;
      });
      return (await findFindings(db, ids)).map(toDentalFinding);
    },

    /** Marks a finding entered in error: kept, no longer current; 409 when it already is. */
    async voidFinding({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: VoidFindingBody;
    }): Promise<DentalFinding> {
      const now = clock();
      const clinic = await requireDentalClinic(db, caller.partnerId, now);
      const ids = { partnerId: caller.partnerId, id: payload.findingId };
      const finding = await findFinding(db, ids);
      if (!finding) throw notFound(dentalMessages.recordLabels.finding);
      const voided = await db.transaction(async (tx) => {
        const by = caller.userId;
        const done = await voidFinding(tx, { id: payload.findingId, at: now, on: clinic.today, by });
        const act = {
          recordType: 'dental_chart',
          recordId: finding.id,
          patientId: finding.patient_id,
        } as const;
        if (done) await recordAuditEvent(tx, caller, { ...act, action: 'deleted' });
        return done;
      });
      if (!voided) throw new AppError('CONFLICT', dentalMessages.findingVoidedAlready);
      const after = await findFinding(db, ids);
      if (!after) throw notFound(dentalMessages.recordLabels.finding);
      return toDentalFinding(after);
    },

    /** Switches mixed dentition for the patient's chart; answers the chart as it stands. */
    async updateChart({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: UpdateChartBody;
    }): Promise<DentalChart> {
      const now = clock();
      const clinic = await requireDentalClinic(db, caller.partnerId, now);
      const ids = { partnerId: caller.partnerId, patientId: payload.patientId };
      await requirePatient(db, ids);
      await db.transaction(async (tx) => {
        const before = { mixed_dentition: await findMixedDentition(tx, payload.patientId) };
        await saveMixedDentition(tx, { ...ids, mixed: payload.mixedDentition, at: now });
        const changes = { before, after: { mixed_dentition: payload.mixedDentition } };
        const act = { recordType: 'dental_chart', patientId: payload.patientId, changes } as const;
        await recordAuditEvent(tx, caller, { ...act, action: 'updated' });
      });
      const rows = await listFindings(db, { patientId: payload.patientId });
      return chartOf(clinic, payload.patientId, latestPerSurface(rows));
    },
  };
}

export type DentalChartService = ReturnType<typeof createDentalChartService>;
