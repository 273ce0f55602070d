import { consultationFormEndpoints, consultationFormMessages } from '@vaidya/contract/consultation-forms';
import { whatsAppSendMessage } from '@vaidya/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import { requireWalletBalance } from '../access/authenticate';
import type { ConsultationFormsService } from './consultation-forms.service';

const endpoints = consultationFormEndpoints;

/** The signed-in consultation form calls of spec §7, under /api/consultation-form. */
export function consultationFormsRoutes(forms: ConsultationFormsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.add, async (request) => ({
      data: await forms.addForm({ caller: request.caller, payload: request.body }),
      message: consultationFormMessages.added,
    }));
    route(app, endpoints.update, async (request) => ({
      data: await forms.updateForm({ caller: request.caller, payload: request.body }),
      message: consultationFormMessages.updated,
    }));
    route(app, endpoints.delete, async (request) => ({
      data: await forms.deleteForm({ caller: request.caller, id: request.query.id }),
      message: consultationFormMessages.deleted,
    }));
    route(app, endpoints.ofSlot, async (request) => ({
      data: await forms.getFormOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
    }));
    route(app, endpoints.byId, async (request) => ({
      data: await forms.getForm({ caller: request.caller, id: request.query.id }),
    }));
    route(app, endpoints.patientPrescriptions, async (request) => ({
      data: await forms.listPatientPrescriptions({
        caller: request.caller,
        mobile: request.query.customer_mobile,
      }),
    }));
    route(app, endpoints.sendMessage, async (request) => {
      const data = await forms.sendMessage({ caller: request.caller, id: request.body.prescriptionId });
      return { data, message: whatsAppSendMessage(data.status) };
    });
    route(app, endpoints.messages, async (request) => ({
      data: await forms.listMessages({ caller: request.caller, id: request.query.id }),
    }));
    route(app, endpoints.layout, async (request) => ({
      data: await forms.getLayout({ caller: request.caller }),
    }));

    // The layout images are clinic settings, behind the wallet guard like the others (spec §4).
    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireWalletBalance);
      route(guarded, endpoints.uploadHeader, async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'header',
          key: request.body.header,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }));
      route(guarded, endpoints.uploadSignature, async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'signature',
          key: request.body.signature,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }));
      route(guarded, endpoints.uploadFooter, async (request) => ({
        data: await forms.saveLayoutImage({
          caller: request.caller,
          element: 'footer',
          key: request.body.footer,
        }),
        message: consultationFormMessages.layoutImageSaved,
      }));
      route(guarded, endpoints.deleteLayout, async (request) => ({
        data: await forms.deleteLayoutImages({ caller: request.caller, chosen: request.query }),
        message: consultationFormMessages.layoutImagesDeleted,
      }));
    });
  };
}

/** The prescription page (spec §2 "Prescription view"): no sign-in, the form's unguessable id is the permission. */
export function publicPrescriptionRoutes(forms: ConsultationFormsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicPrescription, async (request) => ({
      data: await forms.getPublicPrescription({ id: request.params.id }),
    }));
  };
}
