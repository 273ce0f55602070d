import { consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { fileUrl, type UploadPurpose, uploadMessages } from '@vaidya/contract/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { uploadedImage } from '../../../test/uploaded-images';
import type { WhatsAppDelivery, WhatsAppTemplateMessage } from '../../adapters/messaging/whatsapp';
import { outboxMessages, partners } from '../../db/schema';
import { formCalls, fullVisit } from './consultation-form-fixtures';

/** What the WhatsApp port answers next; the default one only records, as the embedded app does. */
let deliver: (message: WhatsAppTemplateMessage) => Promise<WhatsAppDelivery>;
const recordOnly = async (): Promise<WhatsAppDelivery> => ({ status: 'recorded' });
const handed: WhatsAppTemplateMessage[] = [];

let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
let calls: ReturnType<typeof formCalls>;
let prescriptionId: string;
beforeAll(async () => {
  t = await createTestApp({
    whatsapp: {
      send: (message) => {
        handed.push(message);
        return deliver(message);
      },
    },
  });
  ({ a, b } = await createTwoPartners(t));
  await t.database.db.update(partners).set({ name: 'Smile Dental' }).where(eq(partners.id, a.partnerId));
  calls = formCalls(t);
  prescriptionId = (await calls.add(a, fullVisit())).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const send = (clinic: SignedInPartner, id = prescriptionId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/consultation-form/send-message',
    headers: clinic.headers,
    payload: {
      mobileNumber: '98220 11001',
      patientName: 'Asha Verma',
      partnerName: 'Smile Dental',
      date: '02/11/2026',
      prescriptionId: id,
    },
  });

const messagesOf = (clinic: SignedInPartner, id = prescriptionId) =>
  calls.get(clinic, 'get-messages', { id });

describe('sending a prescription on WhatsApp: POST /api/consultation-form/send-message', () => {
  it('keeps the message in the outbox when no WhatsApp account is configured, and says it was not sent', async () => {
    deliver = recordOnly;
    const response = await send(a);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Not sent: WhatsApp is not set up; the message is kept in the outbox.',
      data: {
        id: expect.any(String),
        recipient: '9822011001',
        status: 'recorded',
        error: null,
        body: `Prescription for Asha Verma from Smile Dental, 02/11/2026: /prescription/${prescriptionId}`,
        created_at: expect.any(String),
      },
    });
    expect(handed.at(-1)).toEqual({
      to: '9822011001',
      template: 'prescription',
      bodyParameters: ['Asha Verma', 'Smile Dental', '02/11/2026'],
      linkSuffix: prescriptionId,
    });
  });

  it('records the provider’s id of a message WhatsApp accepted', async () => {
    deliver = async () => ({ status: 'sent', providerMessageId: 'wamid.HBgM' });
    const response = await send(a);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('sent');
    expect(response.json().message).toBe('Message sent successfully');
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, response.json().data.id));
    expect(row).toMatchObject({
      status: 'sent',
      provider_message_id: 'wamid.HBgM',
      reference_id: prescriptionId,
      partner_id: a.partnerId,
      channel: 'whatsapp',
    });
  });

  it('reports a refused message with 502, keeps it failed with the reason, and sending again is a new attempt', async () => {
    deliver = async () => ({ status: 'failed', reason: 'Recipient phone number not in allowed list' });
    const failed = await send(a);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'Some error occured', code: 'MESSAGE_FAILED' });
    const [latest] = (await messagesOf(a)).json().data;
    expect(latest).toMatchObject({ status: 'failed', error: 'Recipient phone number not in allowed list' });

    deliver = recordOnly;
    const retried = await send(a);
    expect(retried.statusCode).toBe(200);
    const listed = (await messagesOf(a)).json().data;
    expect(listed[0]).toMatchObject({ id: retried.json().data.id, status: 'recorded' });
    expect(listed[1]).toMatchObject({ id: latest.id, status: 'failed' });
  });

  it('answers a sender that throws as a failure (502), never a 500', async () => {
    deliver = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    };
    const response = await send(a);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(consultationFormMessages.messageFailed);
    const [latest] = (await messagesOf(a)).json().data;
    expect(latest).toMatchObject({ status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:443' });
  });

  it('lists the prescription’s messages newest first, each attempt once', async () => {
    const listed = (await messagesOf(a)).json().data;
    expect(listed.map((message: { status: string }) => message.status)).toEqual([
      'failed',
      'recorded',
      'failed',
      'sent',
      'recorded',
    ]);
  });

  it('sends and lists only the clinic’s own live prescriptions', async () => {
    deliver = recordOnly;
    const before = handed.length;
    expect((await send(b)).statusCode).toBe(404);
    expect((await messagesOf(b)).statusCode).toBe(404);
    const gone = (await calls.add(a, fullVisit())).json().data.id;
    await calls.remove(a, gone);
    expect((await send(a, gone)).statusCode).toBe(404);
    expect(handed.length).toBe(before);
  });
});

describe('the prescription layout images', () => {
  /** A key of `clinic`'s for `purpose`, its image posted to the signed form. */
  const upload = (clinic: SignedInPartner, purpose: UploadPurpose) => uploadedImage(t, clinic, purpose);

  const put = (clinic: SignedInPartner, path: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/consultation-form/${path}`, headers: clinic.headers, payload });

  const deleteElements = (clinic: SignedInPartner, query: Record<string, string>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/consultation-form/delete-layout-elements',
      headers: clinic.headers,
      query,
    });

  const keys: Record<string, string> = {};

  it('starts with none', async () => {
    const response = await calls.get(a, 'get-layout-elements');
    expect(response.json()).toEqual({
      data: {
        consultation_form_header_url: null,
        consultation_form_footer_url: null,
        authorised_signature_url: null,
      },
    });
  });

  it('keeps an uploaded header, signature and footer, and prints them on the prescription', async () => {
    keys.header = await upload(a, 'consultation-header');
    keys.signature = await upload(a, 'consultation-signature');
    keys.footer = await upload(a, 'consultation-footer');
    const header = await put(a, 'upload-header', { header: keys.header });
    expect(header.statusCode).toBe(200);
    expect(header.json()).toEqual({
      message: 'Image saved successfully',
      data: {
        consultation_form_header_url: fileUrl(keys.header),
        consultation_form_footer_url: null,
        authorised_signature_url: null,
      },
    });
    await put(a, 'upload-authorised-signature', { signature: keys.signature });
    const footer = await put(a, 'upload-footer', { footer: keys.footer });
    const layout = {
      consultation_form_header_url: fileUrl(keys.header),
      consultation_form_footer_url: fileUrl(keys.footer),
      authorised_signature_url: fileUrl(keys.signature),
    };
    expect(footer.json().data).toEqual(layout);
    expect((await calls.get(a, 'get-layout-elements')).json().data).toEqual(layout);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/prescription/${prescriptionId}` });
    expect(page.json().data.partner).toEqual({
      name: 'Smile Dental',
      speciality: 'DOCTOR',
      ...layout,
      time_zone: 'Asia/Kolkata',
    });
    const image = await t.app.inject({ method: 'GET', url: layout.consultation_form_header_url });
    expect(image.statusCode).toBe(200);
  });

  it('refuses an image uploaded for another use, and another clinic’s image', async () => {
    const wrong = await put(a, 'upload-footer', { footer: keys.header as string });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(uploadMessages.wrongPurpose);
    const foreign = await put(b, 'upload-header', { header: keys.header as string });
    expect(foreign.statusCode).toBe(404);
    expect((await calls.get(b, 'get-layout-elements')).json().data.consultation_form_header_url).toBeNull();
  });

  it('deletes the chosen images and keeps the others', async () => {
    const response = await deleteElements(a, { header: 'true', signature: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Image deleted successfully',
      data: {
        consultation_form_header_url: null,
        consultation_form_footer_url: fileUrl(keys.footer as string),
        authorised_signature_url: null,
      },
    });
    const nothing = await deleteElements(a, { footer: 'false' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain(consultationFormMessages.layoutNothingToDelete);
  });

  it('refuses every layout change of a wallet clinic below one booking’s charge with 402, and still writes forms', async () => {
    const poor = await createSignedInPartner(t, {
      subscription_type: 'wallet',
      wallet_balance: '5.00',
      charge_per_booking: '10.00',
    });
    const key = await upload(poor, 'consultation-header');
    const refused = [
      await put(poor, 'upload-header', { header: key }),
      await put(poor, 'upload-authorised-signature', { signature: key }),
      await put(poor, 'upload-footer', { footer: key }),
      await deleteElements(poor, { header: 'true' }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([402, 402, 402, 402]);
    expect((await calls.get(poor, 'get-layout-elements')).statusCode).toBe(200);
    expect((await calls.add(poor, fullVisit())).statusCode).toBe(201);
  });
});
