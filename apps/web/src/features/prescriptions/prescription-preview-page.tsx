import type { PublicPrescription } from '@vaidya/contract/consultation-forms';
import { prescriptionPreviewTexts as texts } from '@vaidya/contract/prescription-preview-screens';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import styles from '../../components/documents/document-page.module.css';
import { DocumentPreviewPage } from '../../components/documents/document-preview-page';
import { paths } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import { previewedPrescription } from './api/prescriptions-api';
import { usePublicPrescription } from './api/public-prescription';
import { PrescriptionDocument } from './components/prescription-document';

const PrintedDentalChart = lazy(async () => ({
  default: (await import('./components/printed-dental-chart')).PrintedDentalChart,
}));

/**
 * The clinic's reminder, on screen and never printed, while the prescription's author has no
 * registration number to print (issue 23): it leads to the doctor profile that holds it.
 */
function RegistrationNote({ author }: Pick<PublicPrescription, 'author'>) {
  if (!author || author.registration_number) return null;
  return (
    <p className={`${styles.noPrint} ${styles.note}`} role="note">
      {texts.noRegistrationNote} <Link to={paths.doctorProfile}>{texts.openDoctorProfile}</Link>
    </p>
  );
}

/**
 * /prescription-preview/:id, where the clinic checks a prescription before it goes out;
 * Back goes to the bookings screen, where every prescription is written from. A dental
 * clinic that prints the dental chart with prescriptions sees it on the sheet.
 */
export function PrescriptionPreviewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  // Only the clinic's staff may ask for the chart: the patient's copy of the link never loads it.
  const signedIn = isLoggedIn();
  const dentalChart = signedIn ? (
    <Suspense fallback={null}>
      <PrintedDentalChart id={id} />
    </Suspense>
  ) : null;
  return (
    <DocumentPreviewPage
      id={id}
      fetched={prescription}
      kind={previewedPrescription}
      backTo={paths.dashboardHome}
    >
      {(loaded) => (
        <>
          {signedIn ? <RegistrationNote author={loaded.author} /> : null}
          <PrescriptionDocument prescription={loaded} dentalChart={dentalChart} />
        </>
      )}
    </DocumentPreviewPage>
  );
}
