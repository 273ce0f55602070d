import { billEndpoints, billMessages } from '@vaidya/contract/bills';
import { whatsAppSendMessage } from '@vaidya/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { BillsService } from './bills.service';

/**
 * The bill calls of spec §7 "Bills", none behind the wallet guard (spec §2), and the bill
 * page's own: no sign-in, the bill's unguessable id is the permission.
 */
export function billsRoutes(bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, billEndpoints, {
      create: withPayload(bills.addBill, billMessages.added),
      edit: withPayload(bills.editBill, billMessages.updated),
      addPayment: withPayload(bills.addPayment, billMessages.paymentRecorded),
      recordDuesPayment: withPayload(bills.recordDuesPayment, billMessages.duesPaymentRecorded),
      pendingAmount: withPayload(bills.getPendingAmount),
      remove: async (request) => ({
        data: await bills.deleteBill({ caller: request.caller, id: request.query.id }),
        message: billMessages.deleted,
      }),
      dues: async (request) => ({
        data: await bills.getDues({ caller: request.caller, query: request.query }),
      }),
      receipt: async (request) => ({
        data: await bills.getReceipt({ caller: request.caller, receiptId: request.query.receiptId }),
      }),
      list: async (request) => ({
        data: await bills.listBills({ caller: request.caller, query: request.query }),
      }),
      byId: async (request) => ({
        data: await bills.getBill({ caller: request.caller, id: request.query.id }),
      }),
      bySlot: async (request) => ({
        data: await bills.getBillOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
      }),
      sendMessage: async (request) => {
        const data = await bills.sendMessage({ caller: request.caller, id: request.body.billId });
        return { data, message: whatsAppSendMessage(data.status) };
      },
      messages: async (request) => ({
        data: await bills.listMessages({ caller: request.caller, id: request.query.id }),
      }),
      publicBill: async (request) => ({ data: await bills.getPublicBill({ id: request.params.id }) }),
    });
  };
}
