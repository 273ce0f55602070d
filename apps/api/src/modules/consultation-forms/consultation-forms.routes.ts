import { consultationFormEndpoints, consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { whatsAppSendMessage } from '@vaidya/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { ConsultationFormsService } from './consultation-forms.service';

/**
 * The consultation form calls of spec §7, and the prescription page's own (spec §2
 * "Prescription view": no sign-in, the form's unguessable id is the permission). The layout
 * images are clinic settings, behind the wallet guard like the others (spec §4).
 */
export function consultationFormsRoutes(forms: ConsultationFormsService): FastifyPluginAsyncZod {
  const saveLayoutImage = async (image: Parameters<typeof forms.saveLayoutImage>[0]) => ({
    data: await forms.saveLayoutImage(image),
    message: consultationFormMessages.layoutImageSaved,
  });
  return async (app) => {
    serve(app, consultationFormEndpoints, {
      add: withPayload(forms.addForm, consultationFormMessages.added),
      update: withPayload(forms.updateForm, consultationFormMessages.updated),
      delete: async (request) => ({
        data: await forms.deleteForm({ caller: request.caller, id: request.query.id }),
        message: consultationFormMessages.deleted,
      }),
      ofSlot: async (request) => ({
        data: await forms.getFormOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
      }),
      byId: async (request) => ({
        data: await forms.getForm({ caller: request.caller, id: request.query.id }),
      }),
      patientPrescriptions: async (request) => ({
        data: await forms.listPatientPrescriptions({
          caller: request.caller,
          mobile: request.query.customer_mobile,
        }),
      }),
      sendMessage: async (request) => {
        const data = await forms.sendMessage({ caller: request.caller, id: request.body.prescriptionId });
        return { data, message: whatsAppSendMessage(data.status) };
      },
      messages: async (request) => ({
        data: await forms.listMessages({ caller: request.caller, id: request.query.id }),
      }),
      layout: async (request) => ({ data: await forms.getLayout({ caller: request.caller }) }),
      uploadHeader: (request) =>
        saveLayoutImage({ caller: request.caller, element: 'header', key: request.body.header }),
      uploadSignature: (request) =>
        saveLayoutImage({ caller: request.caller, element: 'signature', key: request.body.signature }),
      uploadFooter: (request) =>
        saveLayoutImage({ caller: request.caller, element: 'footer', key: request.body.footer }),
      deleteLayout: async (request) => ({
        data: await forms.deleteLayoutImages({ caller: request.caller, chosen: request.query }),
        message: consultationFormMessages.layoutImagesDeleted,
      }),
      publicPrescription: async (request) => ({
        data: await forms.getPublicPrescription({ id: request.params.id }),
      }),
    });
  };
}
