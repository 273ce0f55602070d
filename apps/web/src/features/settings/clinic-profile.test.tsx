import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { partnerMessages } from '@vaidya/contract/partner';
import { clinicProfileTexts, locationImagesTexts } from '@vaidya/contract/settings-screens';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { fileUrl, maxUploadBytes, uploadMessages } from '@vaidya/contract/uploads';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeProfile, fakeUploadUrl } from '../../testing/fake-profile';
import { fakeSchedule } from '../../testing/fake-schedule';
import { fakeServer, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(async () => {
  await Promise.all([import('../../app/dashboard-layout'), import('./settings-page')]);
});

const photo = () => new File(['not really a png'], 'front-desk.png', { type: 'image/png' });

function renderSettings(uploadStatus?: number, uploadRefusal?: string) {
  storeSignedInSession();
  const server = fakeServer({ ...fakeSchedule(), ...fakeProfile({ uploadStatus, uploadRefusal }) });
  renderApp('/dashboard/settings');
  return server;
}

describe('the clinic profile and its images', { timeout: journeyTimeout }, () => {
  it('saves the clinic’s name and speciality', async () => {
    const server = renderSettings();

    const name = await screen.findByLabelText(/Clinic name/, {}, firstAppearance);
    await userEvent.clear(name);
    await userEvent.type(name, 'Sushrut Skin Clinic');
    await userEvent.click(screen.getByRole('combobox', { name: /Speciality/ }));
    await userEvent.click(await screen.findByRole('option', { name: specialityLabels.DERMATOLOGIST }));
    await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));

    expect(await screen.findByText('Clinic details updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/v2/edit-partner-details')[0]?.body).toEqual({
      name: 'Sushrut Skin Clinic',
      specialityType: 'DERMATOLOGIST',
      qrCodeDomain: 'sushrut-dental',
      domainUrl: 'https://sushrut-dental.vaidya.app',
      bookingWindowDays: 60,
    });
  });

  it('lets a dentist choose the chart’s tooth numbering and print the chart on prescriptions', async () => {
    const server = renderSettings();

    const numbering = await screen.findByRole('combobox', { name: /Tooth numbering/ }, firstAppearance);
    expect(numbering).toHaveTextContent(clinicProfileTexts.toothNumberings.FDI);
    await userEvent.click(numbering);
    await userEvent.click(
      await screen.findByRole('option', { name: clinicProfileTexts.toothNumberings.UNIVERSAL }),
    );
    const printChart = screen.getByRole('checkbox', { name: clinicProfileTexts.printDentalChart });
    expect(printChart).not.toBeChecked();
    await userEvent.click(printChart);
    await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));

    expect(await screen.findByText('Clinic details updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/v2/edit-partner-details')[0]?.body).toMatchObject({
      specialityType: 'DENTIST',
      toothNumbering: 'UNIVERSAL',
      printDentalChart: true,
    });
    // Another speciality has no chart to number.
    await userEvent.click(screen.getByRole('combobox', { name: /Speciality/ }));
    await userEvent.click(await screen.findByRole('option', { name: specialityLabels.DERMATOLOGIST }));
    expect(screen.queryByRole('combobox', { name: /Tooth numbering/ })).not.toBeInTheDocument();
  });

  it('sets how many days ahead patients can book online, and says what the number must be', async () => {
    const server = renderSettings();

    const bookingWindow = await screen.findByLabelText(/Online booking window \(days\)/, {}, firstAppearance);
    expect(bookingWindow).toHaveValue('60');
    expect(screen.getByText(clinicProfileTexts.bookingWindowDaysHint)).toBeVisible();
    for (const typed of ['0', '366', 'a week']) {
      await userEvent.clear(bookingWindow);
      await userEvent.type(bookingWindow, typed);
      await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));
      expect(await screen.findByText(partnerMessages.invalidBookingWindow)).toBeVisible();
    }
    expect(server.requests('PUT /api/v2/edit-partner-details')).toHaveLength(0);

    await userEvent.clear(bookingWindow);
    await userEvent.type(bookingWindow, '14');
    await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));
    expect(await screen.findByText('Clinic details updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/v2/edit-partner-details')[0]?.body).toMatchObject({
      bookingWindowDays: 14,
    });
    await waitFor(() => expect(bookingWindow).toHaveValue('14'));
  });

  it('sets the booking website’s name, clears the own address, and says what a bad name must look like', async () => {
    const server = renderSettings();

    const website = await screen.findByLabelText(clinicProfileTexts.websiteName, {}, firstAppearance);
    await userEvent.clear(website);
    await userEvent.type(website, 'Sushrut Dental!');
    await userEvent.clear(screen.getByLabelText(clinicProfileTexts.domainUrl));
    await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));
    expect(await screen.findByText(partnerMessages.invalidQrCodeDomain)).toBeVisible();
    expect(server.requests('PUT /api/v2/edit-partner-details')).toHaveLength(0);

    await userEvent.clear(website);
    await userEvent.type(website, 'sushrut-kothrud');
    await userEvent.click(screen.getByRole('button', { name: clinicProfileTexts.save }));
    expect(await screen.findByText('Clinic details updated successfully')).toBeVisible();
    expect(server.requests('PUT /api/v2/edit-partner-details')[0]?.body).toMatchObject({
      qrCodeDomain: 'sushrut-kothrud',
      domainUrl: null,
    });
  });

  it('uploads a profile photo, posting the file last, and shows it once the storage answers 204', async () => {
    const server = renderSettings();

    const photos = await screen.findByRole(
      'group',
      { name: clinicProfileTexts.profileImages },
      firstAppearance,
    );
    await userEvent.upload(within(photos).getByLabelText('Add image'), photo());

    const thumbnail = await within(photos).findByRole('img', { name: 'Clinic photos 1' });
    const key = `${sushrutDental.id}/profile-image/uploaded-image-number-1.png`;
    expect(thumbnail).toHaveAttribute('src', fileUrl(key));
    expect(server.requests('POST /api/generate-file-upload-url')[0]?.body).toEqual({
      fileName: 'front-desk.png',
      contentType: 'image/png',
      purpose: 'profile-image',
    });
    const form = server.requests(`POST ${fakeUploadUrl}`)[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'file']);
    expect(server.requests('POST /api/v2/add-profile-image')[0]?.body).toEqual({ profileImage: key });

    await userEvent.click(within(photos).getByRole('button', { name: 'Delete Clinic photos 1' }));
    await waitFor(() => expect(within(photos).queryByRole('img')).not.toBeInTheDocument());
    expect(server.requests('PUT /api/v2/delete-profile-image')[0]?.body).toEqual({ profileImage: key });
  });

  it('says the upload failed, and adds nothing, when the storage does not answer 204', async () => {
    const server = renderSettings(500);

    const photos = await screen.findByRole(
      'group',
      { name: locationImagesTexts.imagesOf('Kothrud') },
      firstAppearance,
    );
    await userEvent.upload(within(photos).getByLabelText('Add image'), photo());

    expect(await within(photos).findByText(uploadMessages.uploadFailed)).toBeVisible();
    expect(within(photos).queryByRole('img')).not.toBeInTheDocument();
    expect(server.requests('POST /api/v2/add-location-image')).toHaveLength(0);
  });

  it('refuses a file too large or of another type before sending it, saying the limit and the types, and clears that on the next try', async () => {
    const server = renderSettings();
    // As a browser does when the visitor switches its picker to "All files".
    const user = userEvent.setup({ applyAccept: false });
    const photos = await screen.findByRole(
      'group',
      { name: clinicProfileTexts.profileImages },
      firstAppearance,
    );
    const input = within(photos).getByLabelText('Add image');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');

    const huge = new File([new Uint8Array(maxUploadBytes + 1)], 'scan.png', { type: 'image/png' });
    await user.upload(input, huge);
    expect(await within(photos).findByRole('alert')).toHaveTextContent(
      'The file is larger than 5 MB. Please choose a PNG, JPEG, WebP or GIF image of at most 5 MB.',
    );

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() =>
      expect(within(photos).getByRole('alert')).toHaveTextContent(
        /^Please choose a PNG, JPEG, WebP or GIF image of at most 5 MB\.$/,
      ),
    );
    expect(server.requests('POST /api/generate-file-upload-url')).toHaveLength(0);

    await user.upload(input, photo());
    await waitFor(() => expect(within(photos).queryByRole('alert')).not.toBeInTheDocument());
    expect(await within(photos).findByRole('img', { name: 'Clinic photos 1' })).toBeVisible();
    expect(server.requests('POST /api/generate-file-upload-url')).toHaveLength(1);
  });

  it('says why the upload failed when the server refused the file', async () => {
    const server = renderSettings(415, uploadMessages.damaged);

    const photos = await screen.findByRole(
      'group',
      { name: clinicProfileTexts.profileImages },
      firstAppearance,
    );
    await userEvent.upload(within(photos).getByLabelText('Add image'), photo());

    expect(
      await within(photos).findByText(
        'File upload failed. The image is damaged or incomplete. Please choose the image again.',
      ),
    ).toBeVisible();
    expect(server.requests('POST /api/v2/add-profile-image')).toHaveLength(0);
  });
});
