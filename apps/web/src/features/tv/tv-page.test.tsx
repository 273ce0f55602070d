import { screen, waitFor, within } from '@testing-library/react';
import type { TvDisplay } from '@vaidya/contract/tv';
import { tvScreen } from '@vaidya/contract/tv-screens';
import { describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { FakeEventSource } from '../../testing/fake-event-source';
import { answer, fakeServer, inTurn } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

// The router loads the page lazily; compiling it would eat the first test's waits.
const firstAppearance = { timeout: 10_000 };

const registration = (token: string, code: string) =>
  answer({ data: { token, pairing_code: code, code_expires_at: '2026-11-23T10:10:00.000Z' } }, 201);

const waiting = (code: string): TvDisplay => ({
  status: 'waiting',
  pairing_code: code,
  code_expires_at: '2026-11-23T10:10:00.000Z',
});

const paired = (serving: number | null): TvDisplay => ({
  status: 'paired',
  clinic_name: 'Sushrut Dental Clinic',
  location_name: 'Kothrud',
  queue_name: 'Dr Kulkarni — OPD',
  date: '2026-11-23',
  time_zone: 'Asia/Kolkata',
  now_serving: serving === null ? null : { token_number: serving, patient: 'Meera' },
  next: [
    { token_number: 8, patient: 'Anil' },
    { token_number: 9, patient: 'Kavita' },
  ],
});

const streamOf = async (token: string) => {
  await waitFor(() =>
    expect(FakeEventSource.current()?.url).toBe(`/api/public/tv/stream?token=${encodeURIComponent(token)}`),
  );
  return FakeEventSource.current() as FakeEventSource;
};

/**
 * Makes the stream fail as `fail` says, and runs the page's wait before trying again on a fake
 * clock: the retry comes at once, not after seconds of the real one that a busy machine stretches.
 */
async function failAndRetryAtOnce(fail: () => void) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    fail();
    // The page asks the server why (a fetch), then sets its timer to try again.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    await vi.runOnlyPendingTimersAsync();
  } finally {
    vi.useRealTimers();
  }
}

describe('the waiting-room TV page', { timeout: 30_000 }, () => {
  it('registers on first opening, shows its code, and switches to the queue once paired', async () => {
    const server = fakeServer({ 'POST /api/public/tv/register': registration('tv-token-1', 'ABC234') });
    renderApp('/tv');
    expect(await screen.findByRole('status', {}, firstAppearance)).toHaveTextContent(tvScreen.connecting);

    const stream = await streamOf('tv-token-1');
    expect(localStorage.getItem(sessionKeys.tvToken)).toBe('tv-token-1');
    stream.send('display', waiting('ABC234'));
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABC234');
    expect(screen.getByText(tvScreen.pairingInstruction)).toBeVisible();

    stream.send('display', paired(7));
    expect(await screen.findByRole('heading', { name: 'Sushrut Dental Clinic' })).toBeVisible();
    expect(screen.getByText('Dr Kulkarni — OPD · Kothrud')).toBeVisible();
    expect(screen.getByTestId('now-serving')).toHaveTextContent('7');
    expect(screen.getByText('Meera')).toBeVisible();
    const next = within(screen.getByRole('list'));
    expect(next.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['8Anil', '9Kavita']);
    expect(server.requests('POST /api/public/tv/register')).toHaveLength(1);

    stream.send('display', paired(null));
    expect(await screen.findByTestId('now-serving')).toHaveTextContent(tvScreen.nobodyServed);
  });

  it('lists as many waiting tokens as it has rows and says how many more wait', async () => {
    localStorage.setItem(sessionKeys.tvToken, 'kept-token');
    fakeServer();
    renderApp('/tv');
    const stream = await streamOf('kept-token');
    const patients = ['Anil', 'Kavita', 'Suresh', 'Meena', 'Ravi', 'Farah'];
    stream.send('display', {
      ...paired(7),
      next: patients.map((patient, index) => ({ token_number: 8 + index, patient })),
    });
    expect(await screen.findByTestId('now-serving', {}, firstAppearance)).toHaveTextContent('7');
    const next = within(screen.getByRole('list'));
    expect(next.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '8Anil',
      '9Kavita',
      '10Suresh',
      '11Meena',
      tvScreen.moreWaiting(2),
    ]);
    expect(screen.getByTestId('tv-clock')).toHaveTextContent(/^\d{1,2}:\d{2} (am|pm)$/);
  });

  it('keeps its token across reloads, so it stays paired without registering again', async () => {
    localStorage.setItem(sessionKeys.tvToken, 'kept-token');
    const server = fakeServer();
    renderApp('/tv');
    const stream = await streamOf('kept-token');
    stream.send('display', paired(3));
    expect(await screen.findByTestId('now-serving', {}, firstAppearance)).toHaveTextContent('3');
    expect(server.requests('POST /api/public/tv/register')).toHaveLength(0);
  });

  it('registers again when the server no longer knows its token', async () => {
    localStorage.setItem(sessionKeys.tvToken, 'forgotten-token');
    const server = fakeServer({
      'GET /api/public/tv/display': answer(
        { message: 'This TV is not paired any more', code: 'UNAUTHENTICATED' },
        401,
      ),
      'POST /api/public/tv/register': registration('fresh-token', 'XYZ789'),
    });
    renderApp('/tv');
    const refused = await streamOf('forgotten-token');
    await failAndRetryAtOnce(() => {
      refused.readyState = FakeEventSource.CLOSED;
      refused.onerror?.(new Event('error'));
    });

    const stream = await streamOf('fresh-token');
    expect(localStorage.getItem(sessionKeys.tvToken)).toBe('fresh-token');
    expect(server.requests('GET /api/public/tv/display')[0]?.headers.get('Authorization')).toBe(
      'Bearer forgotten-token',
    );
    stream.send('display', waiting('XYZ789'));
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('XYZ789');
  });

  it('keeps the last display while the server is out of reach, and opens the stream again', async () => {
    localStorage.setItem(sessionKeys.tvToken, 'kept-token');
    fakeServer({ 'GET /api/public/tv/display': inTurn(answer({ message: 'down' }, 503)) });
    renderApp('/tv');
    const first = await streamOf('kept-token');
    first.send('display', paired(4));
    expect(await screen.findByTestId('now-serving', {}, firstAppearance)).toHaveTextContent('4');

    await failAndRetryAtOnce(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.(new Event('error'));
    });
    expect(await screen.findByText(tvScreen.offline)).toBeVisible();
    expect(screen.getByTestId('now-serving')).toHaveTextContent('4');

    // Closed, it is no longer current: the next stream is the one opened again.
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.current()?.send('display', paired(5));
    expect(await screen.findByTestId('now-serving')).toHaveTextContent('5');
    expect(screen.queryByText(tvScreen.offline)).not.toBeInTheDocument();
  });
});
