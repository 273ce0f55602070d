import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { documentPageTexts } from '@vaidya/contract/prescription-screens';
import type { PairedTv } from '@vaidya/contract/tv';
import { tvSettingsScreen } from '@vaidya/contract/tv-screens';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserInTimeZone } from '../testing/browser-time-zone';
import { fakeBill, fullBill } from '../testing/fake-bill';
import { opdQueue } from '../testing/fake-bookings';
import { uuid } from '../testing/fake-masters';
import { fakeSchedule } from '../testing/fake-schedule';
import { answer, fakeServer, kothrud, storeSignedInSession, sushrutDental } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';

const firstAppearance = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([
    import('./dashboard-layout'),
    import('../features/settings/settings-page'),
    import('../features/settings/components/tv-displays-section'),
    import('../features/bill-view/bill-preview-page'),
  ]);
});

/*
 * A clinic in New York read on a laptop set to Kolkata, 9½ or 10½ hours ahead: a time
 * printed in the browser's zone would be off by that much, and often on another day.
 */
const clinicZone = 'America/New_York';

describe('every time the clinic is shown is its own', { timeout: 30_000 }, () => {
  browserInTimeZone('Asia/Kolkata');

  it('says when a TV was last seen in the clinic’s time, en-IN', async () => {
    storeSignedInSession();
    const tv: PairedTv = {
      id: uuid(801),
      location_id: kothrud.id,
      location_name: kothrud.location_name,
      queue_id: opdQueue.id,
      queue_name: opdQueue.queue_name,
      paired_at: '2026-11-23T04:30:00.000Z',
      // 10:30 am in Kolkata; midnight in New York.
      last_seen_at: '2026-11-23T05:00:00.000Z',
    };
    fakeServer({
      ...fakeSchedule({ queues: [opdQueue] }),
      'GET /api/get-partner-details': answer({ data: { ...sushrutDental, time_zone: clinicZone } }),
      'GET /api/tv/list': answer({ data: [tv] }),
    });
    renderApp('/dashboard/settings');

    const card = within(await screen.findByRole('region', { name: tvSettingsScreen.title }, firstAppearance));
    const list = await card.findByRole('list', { name: tvSettingsScreen.pairedTvs });
    expect(within(list).getByText('Last seen 23/11/2026, 12:00 am')).toBeVisible();
  });

  it('dates each WhatsApp message of a document in the clinic’s zone, from the document itself', async () => {
    storeSignedInSession();
    const bill = { ...fullBill, partner: { ...fullBill.partner, time_zone: clinicZone } };
    fakeServer(fakeBill({ bill }));
    renderApp(`/bill-preview/${bill.bill.id}`);
    await screen.findByRole('article', { name: billTexts.document }, firstAppearance);

    await userEvent.click(screen.getByRole('button', { name: documentPageTexts.sendWhatsApp }));
    const messages = within(screen.getByRole('region', { name: billMessagesTexts.title }));
    // The fake outbox keeps the first message at 07:01 UTC: 12:31 pm in Kolkata, 2:01 am in New York.
    expect(await messages.findByText('24/11/2026, 2:01 am')).toBeVisible();
  });
});
