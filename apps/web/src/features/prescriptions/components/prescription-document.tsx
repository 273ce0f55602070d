import { allergyScreenWords } from '@vaidya/contract/allergy-screens';
import { clinicDate } from '@vaidya/contract/calendar-dates';
import type { FormProduct, FormTreatment, PublicPrescription } from '@vaidya/contract/consultation-forms';
import { prescriptionTexts as texts } from '@vaidya/contract/prescription-screens';
import type { ReactNode } from 'react';
import { ClinicHeader } from '../../../components/documents/clinic-header';
import styles from '../../../components/documents/document-page.module.css';
import { type DocumentColumn, DocumentTable } from '../../../components/documents/document-table';
import { ScrollBox } from '../../../components/scroll-box';

type Form = PublicPrescription['consultation_form_data'];

/** Spec §2: the timings taken, or '-'. */
function timingOf(product: FormProduct): string {
  const timings = [
    product.is_morning && texts.timings.morning,
    product.is_afternoon && texts.timings.afternoon,
    product.is_evening && texts.timings.evening,
    product.is_sos && texts.timings.sos,
  ].filter(Boolean);
  return timings.length > 0 ? timings.join(', ') : texts.none;
}

const durationOf = (days: number | null) => (days ? texts.days(days) : texts.none);
const orNone = (value: string) => value || texts.none;

/** Name, then the tooth and its operations when the chart recorded them. */
function treatmentLine({ treatment_name, tooth_number, operations }: FormTreatment): string {
  const tooth = tooth_number === null ? [] : [texts.tooth(tooth_number)];
  const steps = operations.map((operation) => operation.operation_name);
  const detail = [...tooth, ...(steps.length > 0 ? [steps.join(', ')] : [])].join(': ');
  return detail ? `${treatment_name} (${detail})` : treatment_name;
}

function hasContent(form: Form): boolean {
  return [
    form.complaints,
    form.observations,
    form.diagnoses,
    form.investigations,
    form.treatments,
    form.products,
  ].some((list) => list.length > 0);
}

function NamedList({ title, names }: { title: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {names.map((name, index) => (
          // Two entries may carry the same name; their place is what sets them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a printed list never reorders
          <li key={index}>{name}</li>
        ))}
      </ul>
    </section>
  );
}

/** The patient's allergies and alerts, each line only when there are some. */
function SafetyLines({ safety }: { safety: PublicPrescription['patient_safety'] }) {
  const lines = [
    { label: allergyScreenWords.allergies, names: safety.allergies },
    { label: allergyScreenWords.alerts, names: safety.alerts },
  ].filter((line) => line.names.length > 0);
  return lines.map((line) => (
    <span key={line.label} className={styles.safety}>
      {texts.labelled(line.label, line.names.join(', '))}
    </span>
  ));
}

function PatientBlock({
  form,
  safety,
  timeZone,
}: {
  form: Form;
  safety: PublicPrescription['patient_safety'];
  timeZone: string;
}) {
  return (
    <section className={styles.meta} aria-label={texts.patient}>
      <div className={styles.metaLines}>
        <strong>{texts.nameWithAge(form.customer_name, form.customer_age)}</strong>
        {form.customer_gender ? (
          <span>{texts.labelled(texts.gender, texts.genders[form.customer_gender])}</span>
        ) : null}
        <span>{texts.labelled(texts.mobile, form.customer_mobile)}</span>
        <SafetyLines safety={safety} />
        {form.metrics.map((metric) => (
          <span key={metric.id}>{texts.labelled(metric.type, metric.value)}</span>
        ))}
      </div>
      <span>{texts.labelled(texts.date, clinicDate(form.updated_at, timeZone))}</span>
    </section>
  );
}

const medicineColumns: DocumentColumn<FormProduct>[] = [
  { heading: texts.columns.serial, cell: (_product, index) => index + 1 },
  { heading: texts.columns.medicine, cell: (product) => product.product_name },
  { heading: texts.columns.composition, cell: (product) => orNone(product.composition) },
  { heading: texts.columns.dosage, cell: (product) => orNone(product.dosage_qty) },
  { heading: texts.columns.timing, cell: timingOf },
  { heading: texts.columns.duration, cell: (product) => durationOf(product.days) },
  { heading: texts.columns.instructions, cell: (product) => orNone(product.instructions) },
];

function MedicinesTable({ products }: { products: FormProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className={styles.section}>
      <h2>{texts.medicines}</h2>
      <ScrollBox label={texts.medicines}>
        <DocumentTable columns={medicineColumns} rows={products} rowKey={(product) => product.id} wide />
      </ScrollBox>
    </section>
  );
}

/**
 * The signature block: the author's signature, name, qualification and registration (issue 23),
 * each falling back to the clinic's signature and name (spec §2) when the author has none.
 */
function Footer({ partner, author }: Pick<PublicPrescription, 'partner' | 'author'>) {
  const signature = author?.signature_url ?? partner.authorised_signature_url;
  return (
    <footer>
      <div className={styles.footer}>
        {signature ? (
          <img className={styles.signature} src={signature} alt={texts.signatureAlt} />
        ) : (
          <div className={styles.signatureSpace} />
        )}
        <strong>{author?.name || partner.name}</strong>
        {author?.qualification ? <span>{author.qualification}</span> : null}
        {author?.registration_number ? (
          <span>{texts.registration(author.registration_number, author.registration_council)}</span>
        ) : null}
        <span>{texts.medicalPractitioner}</span>
      </div>
      {partner.consultation_form_footer_url ? (
        <img
          className={styles.footerImage}
          src={partner.consultation_form_footer_url}
          alt={texts.footerAlt}
        />
      ) : null}
    </footer>
  );
}

/**
 * Spec §2 "Prescription view": the sheet as printed and as the patient opens it. The clinic's
 * preview may add the patient's dental chart (issue 22) before the medicines.
 */
export function PrescriptionDocument({
  prescription,
  dentalChart,
}: {
  prescription: PublicPrescription;
  dentalChart?: ReactNode;
}) {
  const form = prescription.consultation_form_data;
  return (
    <>
      <ClinicHeader
        partner={prescription.partner}
        location={prescription.location}
        headerAlt={texts.headerAlt}
      />
      <PatientBlock
        form={form}
        safety={prescription.patient_safety}
        timeZone={prescription.partner.time_zone}
      />
      {hasContent(form) ? (
        <>
          <div className={styles.columns}>
            <NamedList title={texts.complaints} names={form.complaints.map((item) => item.complaint_name)} />
            <NamedList
              title={texts.observations}
              names={form.observations.map((item) => item.observation_name)}
            />
            <NamedList title={texts.diagnoses} names={form.diagnoses.map((item) => item.diagnosis_name)} />
            <NamedList
              title={texts.investigations}
              names={form.investigations.map((item) => item.investigation_name)}
            />
          </div>
          <NamedList title={texts.treatments} names={form.treatments.map(treatmentLine)} />
          {dentalChart}
          <MedicinesTable products={form.products} />
        </>
      ) : (
        <>
          <p className={styles.empty}>{texts.noData}</p>
          {dentalChart}
        </>
      )}
      <Footer partner={prescription.partner} author={prescription.author} />
    </>
  );
}
