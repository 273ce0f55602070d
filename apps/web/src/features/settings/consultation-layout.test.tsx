import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { prescriptionLayoutTexts as texts } from '@vaidya/contract/prescription-screens';
import { scheduleScreenWords } from '@vaidya/contract/schedule-screens';
import { fileUrl, uploadMessages } from '@vaidya/contract/uploads';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePrescriptionLayout, layoutImages } from '../../testing/fake-prescription';
import { fakeProfile, fakeUploadUrl } from '../../testing/fake-profile';
import { fakeSchedule } from '../../testing/fake-schedule';
import { fakeServer, storeSignedInSession, sushrutDental } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads these lazily; the first test would otherwise spend its waits compiling them.
const firstAppearance = { timeout: 10_000 };
const journeyTimeout = 60_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./settings-page'),
    import('./components/consultation-layout-section'),
  ]);
});

const letterhead = () => new File(['not really a png'], 'letterhead.png', { type: 'image/png' });

function openSettings(layout: Parameters<typeof fakePrescriptionLayout>[0] = {}, uploadStatus?: number) {
  storeSignedInSession();
  const server = fakeServer({
    ...fakeSchedule(),
    ...fakeProfile({ uploadStatus }),
    ...fakePrescriptionLayout(layout),
  });
  renderApp('/dashboard/settings');
  return server;
}

const findElement = async (name: string) => {
  const section = await screen.findByRole('region', { name: texts.title }, firstAppearance);
  return within(await within(section).findByRole('group', { name }, firstAppearance));
};

describe('Settings → prescription layout', { timeout: journeyTimeout }, () => {
  it('shows each image the prescription prints, or says it is not set', async () => {
    openSettings({ authorised_signature_url: layoutImages.signature });

    const header = await findElement(texts.elements.header);
    expect(header.getByText(texts.notSet)).toBeVisible();
    expect(header.getByLabelText('Upload header')).toBeInTheDocument();
    expect(header.queryByRole('button', { name: 'Delete header' })).not.toBeInTheDocument();

    const signature = await findElement(texts.elements.signature);
    expect(signature.getByRole('img', { name: 'Prescription signature' })).toHaveAttribute(
      'src',
      layoutImages.signature,
    );
    expect(signature.getByLabelText('Replace signature')).toBeInTheDocument();
    expect((await findElement(texts.elements.footer)).getByText(texts.notSet)).toBeVisible();
  });

  it('uploads a header through the signed form, then sets it as the prescription’s header', async () => {
    const server = openSettings();

    const header = await findElement(texts.elements.header);
    await userEvent.upload(header.getByLabelText('Upload header'), letterhead());

    const key = `${sushrutDental.id}/consultation-header/uploaded-image-number-1.png`;
    expect(await header.findByRole('img', { name: 'Prescription header' })).toHaveAttribute(
      'src',
      fileUrl(key),
    );
    expect(await screen.findByText(consultationFormMessages.layoutImageSaved)).toBeVisible();
    expect(server.requests('POST /api/generate-file-upload-url')[0]?.body).toEqual({
      fileName: 'letterhead.png',
      contentType: 'image/png',
      purpose: 'consultation-header',
    });
    expect(server.requests(`POST ${fakeUploadUrl}`)).toHaveLength(1);
    expect(server.requests('PUT /api/consultation-form/upload-header')[0]?.body).toEqual({ header: key });
    expect(header.getByLabelText('Replace header')).toBeInTheDocument();
  });

  it('uploads the signature and footer with their own purposes and calls', async () => {
    const server = openSettings();

    const signature = await findElement(texts.elements.signature);
    await userEvent.upload(signature.getByLabelText('Upload signature'), letterhead());
    await signature.findByRole('img', { name: 'Prescription signature' });
    const footer = await findElement(texts.elements.footer);
    await userEvent.upload(footer.getByLabelText('Upload footer'), letterhead());
    await footer.findByRole('img', { name: 'Prescription footer' });

    expect(
      server
        .requests('POST /api/generate-file-upload-url')
        .map((request) => (request.body as { purpose: string }).purpose),
    ).toEqual(['consultation-signature', 'consultation-footer']);
    expect(server.requests('PUT /api/consultation-form/upload-authorised-signature')[0]?.body).toEqual({
      signature: `${sushrutDental.id}/consultation-signature/uploaded-image-number-1.png`,
    });
    expect(server.requests('PUT /api/consultation-form/upload-footer')[0]?.body).toEqual({
      footer: `${sushrutDental.id}/consultation-footer/uploaded-image-number-2.png`,
    });
  });

  it('says the upload failed, and sets nothing, when the storage does not answer 204', async () => {
    const server = openSettings({}, 500);

    const header = await findElement(texts.elements.header);
    await userEvent.upload(header.getByLabelText('Upload header'), letterhead());

    expect(await header.findByText(uploadMessages.uploadFailed)).toBeVisible();
    expect(header.getByText(texts.notSet)).toBeVisible();
    expect(server.requests('PUT /api/consultation-form/upload-header')).toHaveLength(0);
  });

  it('deletes the footer only after asking, and keeps it when the question is cancelled', async () => {
    const server = openSettings({ consultation_form_footer_url: layoutImages.footer });

    const footer = await findElement(texts.elements.footer);
    await userEvent.click(footer.getByRole('button', { name: 'Delete footer' }));
    let dialog = await screen.findByRole('dialog', { name: texts.confirmTitle('Footer') });
    await userEvent.click(within(dialog).getByRole('button', { name: scheduleScreenWords.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(footer.getByRole('img', { name: 'Prescription footer' })).toBeVisible();
    expect(server.requests('DELETE /api/consultation-form/delete-layout-elements')).toHaveLength(0);

    await userEvent.click(footer.getByRole('button', { name: 'Delete footer' }));
    dialog = await screen.findByRole('dialog', { name: texts.confirmTitle('Footer') });
    await userEvent.click(within(dialog).getByRole('button', { name: scheduleScreenWords.delete }));

    expect(await footer.findByText(texts.notSet)).toBeVisible();
    expect(await screen.findByText(consultationFormMessages.layoutImagesDeleted)).toBeVisible();
    const [deletion] = server.requests('DELETE /api/consultation-form/delete-layout-elements');
    expect(Object.fromEntries(deletion?.url.searchParams ?? [])).toEqual({ footer: 'true' });
  });
});
