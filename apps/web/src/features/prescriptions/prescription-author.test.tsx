import { screen, within } from '@testing-library/react';
import type { PublicPrescription } from '@vaidya/contract/consultation-forms';
import { prescriptionPreviewTexts } from '@vaidya/contract/prescription-preview-screens';
import { prescriptionTexts } from '@vaidya/contract/prescription-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import {
  fakePrescription,
  fullPrescription,
  layoutImages,
  prescriptionAuthor,
  prescriptionWithLayout,
} from '../../testing/fake-prescription';
import { fakeServer, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

/** The prescription's author in its footer (issue 23), and the clinic's note while they have no registration number. */

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('../../app/app-shell'),
    import('./prescription-preview-page'),
    import('./prescription-view-page'),
  ]);
});

const id = fullPrescription.consultation_form_data.id;
const findSheet = () => screen.findByRole('article', { name: prescriptionTexts.document }, firstAppearance);
const footerOf = (sheet: HTMLElement) => within(sheet.querySelector('footer') as HTMLElement);
const noteText = /prints no registration number/;

/** An author whose profile has only a name: no qualification, registration or signature yet. */
const unregistered: PublicPrescription = {
  ...prescriptionWithLayout,
  author: {
    name: 'Dr Meera Joshi',
    qualification: null,
    registration_council: null,
    registration_number: null,
    signature_url: null,
  },
};

function open(path: string, prescription: PublicPrescription, signedIn = true) {
  if (signedIn) storeSignedInSession();
  fakeServer(fakePrescription({ prescription }));
  renderApp(path);
}

describe('the prescription’s author', { timeout: 30_000 }, () => {
  it('prints the author’s name, qualification, registration and signature, with no note', async () => {
    open(`/prescription-preview/${id}`, { ...prescriptionWithLayout, author: prescriptionAuthor });
    const sheet = await findSheet();
    const footer = footerOf(sheet);
    expect(footer.getByText('Dr Sushrut Kulkarni')).toBeVisible();
    expect(footer.getByText('BDS, MDS')).toBeVisible();
    expect(footer.getByText('Reg. No. A-12345, Maharashtra State Dental Council')).toBeVisible();
    expect(footer.getByRole('img', { name: prescriptionTexts.signatureAlt })).toHaveAttribute(
      'src',
      prescriptionAuthor.signature_url,
    );
    expect(footer.queryByText(sushrutDental.name)).not.toBeInTheDocument();
    expect(screen.queryByText(noteText)).not.toBeInTheDocument();
  });

  it('falls back to the clinic’s signature, and the preview says the registration number is missing', async () => {
    open(`/prescription-preview/${id}`, unregistered);
    const sheet = await findSheet();
    const footer = footerOf(sheet);
    expect(footer.getByText('Dr Meera Joshi')).toBeVisible();
    expect(footer.queryByText(/Reg\. No\./)).not.toBeInTheDocument();
    expect(footer.getByRole('img', { name: prescriptionTexts.signatureAlt })).toHaveAttribute(
      'src',
      layoutImages.signature,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(noteText);
    expect(
      within(note).getByRole('link', { name: prescriptionPreviewTexts.openDoctorProfile }),
    ).toHaveAttribute('href', paths.doctorProfile);
  });

  it('prints the clinic’s name when the form has no author', async () => {
    open(`/prescription-preview/${id}`, prescriptionWithLayout);
    const footer = footerOf(await findSheet());
    expect(footer.getByText(sushrutDental.name)).toBeVisible();
    expect(screen.queryByText(noteText)).not.toBeInTheDocument();
  });

  it('never shows the note on the patient’s own page', async () => {
    open(`/prescription/${id}`, unregistered, false);
    const footer = footerOf(await findSheet());
    expect(footer.getByText('Dr Meera Joshi')).toBeVisible();
    expect(screen.queryByText(noteText)).not.toBeInTheDocument();
  });
});
