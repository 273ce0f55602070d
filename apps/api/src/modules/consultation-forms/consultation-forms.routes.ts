import rateLimit from '@fastify/rate-limit';
import {
  consultationFormBody,
  consultationFormBySlotQuery,
  consultationFormIdQuery,
  consultationFormMessages,
  consultationFormOrNullResponse,
  consultationFormResponse,
  deleteLayoutElementsQuery,
  patientPrescriptionsQuery,
  patientPrescriptionsResponse,
  prescriptionMessagesResponse,
  publicPrescriptionParams,
  publicPrescriptionResponse,
  sendPrescriptionMessageBody,
  updateConsultationFormBody,
  uploadFooterBody,
  uploadHeaderBody,
  uploadSignatureBody,
} from '@vaidya/contract/consultation-forms';
import {
  layoutElementsResponse,
  outboxMessageResponse,
  whatsAppSendMessage,
} from '@vaidya/contract/documents';
import { messages } from '@vaidya/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { requireWalletBalance } from '../access/authenticate';
import type { ConsultationFormsService } from './consultation-forms.service';

const tags = ['consultation-forms'];
const security = [{ bearerAuth: [] }];
/** The layout images are clinic settings, behind the wallet guard like the others (spec §4). */
const guarded = { preHandler: requireWalletBalance };
const deletedResponse = z.object({ data: z.object({ id: z.uuid() }), message: z.string() });

/** The signed-in consultation form calls of spec §7, under /api/consultation-form. */
export function consultationFormsRoutes(forms: ConsultationFormsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/add-consultation-form',
      {
        schema: {
          tags,
          summary:
            "Writes a visit's form: for a booking (one per booking) or a walk-in; typed names join the masters",
          security,
          body: consultationFormBody,
          response: { 201: consultationFormResponse },
        },
      },
      async (request, reply) => {
        const data = await forms.addForm({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: consultationFormMessages.added });
      },
    );

    app.put(
      '/update-consultation-form',
      {
        schema: {
          tags,
          summary: 'Replaces a form with a new version; the earlier ones stay in its audit trail',
          security,
          body: updateConsultationFormBody,
          response: { 200: consultationFormResponse },
        },
      },
      async (request) => ({
        data: await forms.updateForm({ caller: request.caller, payload: request.body }),
        message: consultationFormMessages.updated,
      }),
    );

    app.delete(
      '/delete-consultation-form',
      {
        schema: {
          tags,
          summary: 'Deletes a form; its audit trail stays and its booking may get a new one',
          security,
          querystring: consultationFormIdQuery,
          response: { 200: deletedResponse },
        },
      },
      async (request) => ({
        data: await forms.deleteForm({ caller: request.caller, id: request.query.id }),
        message: consultationFormMessages.deleted,
      }),
    );

    app.get(
      '/get-by-slot-id',
      {
        schema: {
          tags,
          summary: "A booking's form, or null when it has none yet",
          security,
          querystring: consultationFormBySlotQuery,
          response: { 200: consultationFormOrNullResponse },
        },
      },
      async (request) => ({
        data: await forms.getFormOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
      }),
    );

    app.get(
      '/get-by-id',
      {
        schema: {
          tags,
          summary: 'One form of the clinic',
          security,
          querystring: consultationFormIdQuery,
          response: { 200: consultationFormResponse },
        },
      },
      async (request) => ({ data: await forms.getForm({ caller: request.caller, id: request.query.id }) }),
    );

    app.get(
      '/get-patient-prescriptions',
      {
        schema: {
          tags,
          summary: "A patient's earlier prescriptions at the clinic by mobile, newest first",
          security,
          querystring: patientPrescriptionsQuery,
          response: { 200: patientPrescriptionsResponse },
        },
      },
      async (request) => ({
        data: await forms.listPatientPrescriptions({
          caller: request.caller,
          mobile: request.query.customer_mobile,
        }),
      }),
    );

    app.post(
      '/send-message',
      {
        schema: {
          tags,
          summary:
            'Sends the prescription link on WhatsApp to the mobile number on the prescription, with the names on record (the body’s number and names are ignored); 429 past 5 sends of one prescription a day or the location’s hourly limit; every attempt is kept in the outbox with how it ended',
          security,
          body: sendPrescriptionMessageBody,
          response: { 200: outboxMessageResponse },
        },
      },
      async (request) => {
        const data = await forms.sendMessage({ caller: request.caller, id: request.body.prescriptionId });
        return { data, message: whatsAppSendMessage(data.status) };
      },
    );

    app.get(
      '/get-messages',
      {
        schema: {
          tags,
          summary: "A prescription's WhatsApp messages, newest first",
          security,
          querystring: consultationFormIdQuery,
          response: { 200: prescriptionMessagesResponse },
        },
      },
      async (request) => ({
        data: await forms.listMessages({ caller: request.caller, id: request.query.id }),
      }),
    );

    app.get(
      '/get-layout-elements',
      {
        schema: {
          tags,
          summary: "The header, footer and signature images of the clinic's prescriptions",
          security,
          response: { 200: layoutElementsResponse },
        },
      },
      async (request) => ({ data: await forms.getLayout({ caller: request.caller }) }),
    );

    app.put(
      '/upload-header',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Prints an uploaded image at the top of the prescriptions',
          security,
          body: uploadHeaderBody,
          response: { 200: layoutElementsResponse },
        },
      },
      async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'header',
          key: request.body.header,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }),
    );

    app.put(
      '/upload-authorised-signature',
      {
        ...guarded,
        schema: {
          tags,
          summary: "Prints an uploaded image as the practitioner's signature",
          security,
          body: uploadSignatureBody,
          response: { 200: layoutElementsResponse },
        },
      },
      async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'signature',
          key: request.body.signature,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }),
    );

    app.put(
      '/upload-footer',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Prints an uploaded image at the foot of the prescriptions',
          security,
          body: uploadFooterBody,
          response: { 200: layoutElementsResponse },
        },
      },
      async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'footer',
          key: request.body.footer,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }),
    );

    app.delete(
      '/delete-layout-elements',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Takes the chosen layout images off the prescriptions',
          security,
          querystring: deleteLayoutElementsQuery,
          response: { 200: layoutElementsResponse },
        },
      },
      async (request) => ({
        data: await forms.deleteLayoutImages({ caller: request.caller, chosen: request.query }),
        message: consultationFormMessages.layoutImagesDeleted,
      }),
    );
  };
}

/** A patient opening their prescription a few times, or a pharmacy checking it, stays far below this; a scraper stops here. */
const prescriptionLookupsPerMinute = 60;

/** The prescription page (spec §2 "Prescription view"): no sign-in, the form's unguessable id is the permission. */
export function publicPrescriptionRoutes(forms: ConsultationFormsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: prescriptionLookupsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });

    app.get(
      '/prescription/:id',
      {
        schema: {
          tags: ['public'],
          summary:
            'A prescription as printed: the form, its location and the clinic’s name, speciality and images',
          params: publicPrescriptionParams,
          response: { 200: publicPrescriptionResponse },
        },
      },
      async (request) => ({ data: await forms.getPublicPrescription({ id: request.params.id }) }),
    );
  };
}
