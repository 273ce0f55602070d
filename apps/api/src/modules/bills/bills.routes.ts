import { billEndpoints, billMessages } from '@vaidya/contract/bills';
import { whatsAppSendMessage } from '@vaidya/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import type { BillsService } from './bills.service';

/** The signed-in bill calls of spec §7 "Bills", under /api/bill; not behind the wallet guard (spec §2). */
export function billsRoutes(bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, billEndpoints.create, async (request) => ({
      data: await bills.addBill({ caller: request.caller, payload: request.body }),
      message: billMessages.added,
    }));
    route(app, billEndpoints.edit, async (request) => ({
      data: await bills.editBill({ caller: request.caller, payload: request.body }),
      message: billMessages.updated,
    }));
    route(app, billEndpoints.remove, async (request) => ({
      data: await bills.deleteBill({ caller: request.caller, id: request.query.id }),
      message: billMessages.deleted,
    }));
    route(app, billEndpoints.addPayment, async (request) => ({
      data: await bills.addPayment({ caller: request.caller, payload: request.body }),
      message: billMessages.paymentRecorded,
    }));
    route(app, billEndpoints.dues, async (request) => ({
      data: await bills.getDues({ caller: request.caller, query: request.query }),
    }));
    route(app, billEndpoints.recordDuesPayment, async (request) => ({
      data: await bills.recordDuesPayment({ caller: request.caller, payload: request.body }),
      message: billMessages.duesPaymentRecorded,
    }));
    route(app, billEndpoints.receipt, async (request) => ({
      data: await bills.getReceipt({ caller: request.caller, receiptId: request.query.receiptId }),
    }));
    route(app, billEndpoints.list, async (request) => ({
      data: await bills.listBills({ caller: request.caller, query: request.query }),
    }));
    route(app, billEndpoints.byId, async (request) => ({
      data: await bills.getBill({ caller: request.caller, id: request.query.id }),
    }));
    route(app, billEndpoints.bySlot, async (request) => ({
      data: await bills.getBillOfSlot({ caller: request.caller, slotId: request.query.slot_id }),
    }));
    route(app, billEndpoints.pendingAmount, async (request) => ({
      data: await bills.getPendingAmount({ caller: request.caller, payload: request.body }),
    }));
    route(app, billEndpoints.sendMessage, async (request) => {
      const data = await bills.sendMessage({ caller: request.caller, id: request.body.billId });
      return { data, message: whatsAppSendMessage(data.status) };
    });
    route(app, billEndpoints.messages, async (request) => ({
      data: await bills.listMessages({ caller: request.caller, id: request.query.id }),
    }));
  };
}

/** The bill page (spec §2): no sign-in, the bill's unguessable id is the permission; rate-limited by the contract. */
export function publicBillRoutes(bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, billEndpoints.publicBill, async (request) => ({
      data: await bills.getPublicBill({ id: request.params.id }),
    }));
  };
}
