import type { Site, SiteLocation } from '@vaidya/contract/site';
import { siteScreen as texts } from '@vaidya/contract/site-screens';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { BookingPanel } from './booking-panel';
import { fetchSite, type SiteAddress } from './site-api';
import styles from './site-page.module.css';
import { Choice, Loading } from './site-parts';
import { useRemote } from './use-remote';

/**
 * The clinic's booking website (issue 9 "Screens"), opened from the clinic's QR code as
 * `/site/<domain>`, or as `/site` on the clinic's custom domain. Drawn without MUI, like
 * the landing page, so it loads fast on a patient's phone.
 */
export function SitePage() {
  const { domain } = useParams();
  const address: SiteAddress = domain ? { domain } : { host: window.location.host };
  const { remote, reload } = useRemote(JSON.stringify(address), (signal) => fetchSite(address, signal));
  useDocumentTitle(remote.status === 'ready' ? remote.data.name : undefined);
  useCurrentWebsiteName(domain, remote.status === 'ready' ? remote.data.qr_code_domain : undefined);

  return (
    <div className={styles.page}>
      <main className={styles.container}>
        {remote.status === 'loading' && <Loading text={texts.loading} />}
        {remote.status === 'failed' && (
          <div className={styles.notice} role="alert">
            <p>{answeredText[remote.error.status] ?? texts.loadFailed}</p>
            {answeredText[remote.error.status] === undefined && (
              <button type="button" className={styles.button} onClick={reload}>
                {texts.tryAgain}
              </button>
            )}
          </div>
        )}
        {remote.status === 'ready' && <ClinicSite site={remote.data} />}
      </main>
    </div>
  );
}

/**
 * Opened by a name the clinic has given up (decision 030), the address bar moves to its current
 * name, as the server's redirect of a page opened afresh does: what the patient copies or bookmarks
 * is the address that lasts.
 */
function useCurrentWebsiteName(openedName: string | undefined, currentName: string | null | undefined) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    // The server finds a name in any letter case: only another name moves the address.
    if (openedName && currentName && openedName.toLowerCase() !== currentName.toLowerCase()) {
      navigate(`/site/${encodeURIComponent(currentName)}${search}`, { replace: true });
    }
  }, [openedName, currentName, search, navigate]);
}

/** What the page says when the server answered that there is no website to show; trying again would not help. */
const answeredText: Record<number, string> = {
  404: texts.notFound,
  // The clinic's account is disabled.
  403: texts.notTakingOnlineBookings,
};

/** Locations that have a queue to book into; the others are not shown. */
const bookableLocations = (site: Site) => site.locations.filter((location) => location.queues.length > 0);

function ClinicSite({ site }: { site: Site }) {
  const locations = bookableLocations(site);
  const [locationId, setLocationId] = useState(locations[0]?.id);
  const location = locations.find((candidate) => candidate.id === locationId) ?? locations[0];

  return (
    <>
      <header className={styles.header}>
        {site.profile_images[0] && <img className={styles.logo} src={site.profile_images[0]} alt="" />}
        <div>
          <h1 className={styles.title}>{site.name}</h1>
          <p className={styles.secondary}>{specialityLabels[site.speciality_type]}</p>
        </div>
      </header>
      {site.profile_images.length > 1 && <Gallery images={site.profile_images.slice(1)} />}

      {location ? (
        <>
          {locations.length > 1 && (
            <fieldset className={styles.field}>
              <legend className={styles.label}>{texts.location}</legend>
              <div className={styles.chips}>
                {locations.map((candidate) => (
                  <Choice
                    key={candidate.id}
                    name="location"
                    checked={candidate.id === location.id}
                    onChange={() => setLocationId(candidate.id)}
                  >
                    {candidate.location_name}
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}
          <LocationCard location={location} />
          {site.taking_online_bookings ? (
            <QueueBooking key={location.id} location={location} />
          ) : (
            // The wallet cannot pay for a booking now: say so before the visitor fills the form, and point to the Call link above.
            <p className={styles.notice} role="status">
              {texts.onlineBookingPaused}
            </p>
          )}
        </>
      ) : (
        <p className={styles.notice}>{texts.notTakingBookings}</p>
      )}
    </>
  );
}

function LocationCard({ location }: { location: SiteLocation }) {
  return (
    <section className={styles.card} aria-label={location.location_name}>
      <h2 className={styles.cardTitle}>{location.location_name}</h2>
      {location.address && <p className={styles.secondary}>{location.address}</p>}
      {location.contact_no && (
        <a className={styles.link} href={`tel:${location.contact_no.replace(/[^\d+]/g, '')}`}>
          {texts.call(location.contact_no)}
        </a>
      )}
      {location.location_images.length > 0 && <Gallery images={location.location_images} />}
    </section>
  );
}

function Gallery({ images }: { images: string[] }) {
  return (
    <div className={styles.gallery}>
      {images.map((image) => (
        <img key={image} className={styles.photo} src={image} alt="" loading="lazy" />
      ))}
    </div>
  );
}

function QueueBooking({ location }: { location: SiteLocation }) {
  const [queueId, setQueueId] = useState(location.queues[0]?.id);
  const queue = location.queues.find((candidate) => candidate.id === queueId) ?? location.queues[0];
  if (!queue) return null;
  return (
    <section className={styles.card} aria-labelledby="book-heading">
      <h2 id="book-heading" className={styles.cardTitle}>
        {texts.bookAppointment}
      </h2>
      {location.queues.length > 1 ? (
        <fieldset className={styles.field}>
          <legend className={styles.label}>{texts.doctor}</legend>
          <div className={styles.chips}>
            {location.queues.map((candidate) => (
              <Choice
                key={candidate.id}
                name="queue"
                checked={candidate.id === queue.id}
                onChange={() => setQueueId(candidate.id)}
              >
                {candidate.queue_name}
              </Choice>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className={styles.queueName}>{queue.queue_name}</p>
      )}
      <BookingPanel key={queue.id} queue={queue} />
    </section>
  );
}
