import type { PublicPrescription } from '@vaidya/contract/consultation-forms';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import styles from './document-page.module.css';

interface ClinicHeaderProps {
  partner: Pick<PublicPrescription['partner'], 'name' | 'speciality' | 'consultation_form_header_url'>;
  location: PublicPrescription['location'];
  /** The header image's alternative text. */
  headerAlt: string;
}

/** The top of every printed document: the clinic's header image, or else its name, speciality and location. */
export function ClinicHeader({ partner, location, headerAlt }: ClinicHeaderProps) {
  return (
    <header className={styles.header}>
      {partner.consultation_form_header_url ? (
        <img className={styles.headerImage} src={partner.consultation_form_header_url} alt={headerAlt} />
      ) : (
        <>
          <h1>{partner.name}</h1>
          <p>{specialityLabels[partner.speciality]}</p>
          <p className={styles.muted}>{location.location_name}</p>
          <p className={styles.muted}>{location.address}</p>
          <p className={styles.muted}>{location.contact_no}</p>
        </>
      )}
    </header>
  );
}
