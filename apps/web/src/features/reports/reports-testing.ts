import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { UserRole } from '@vaidya/contract/roles';
import { expect, vi } from 'vitest';
import {
  answer,
  fakeServer,
  type Handler,
  storeSignedInSession,
  sushrutDental,
  sushrutDentalAs,
} from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

/** The reports' tests: the first screen waits for the page's code as well as its answer. */
export const firstAppearance = { timeout: 20_000 };

/** Opens the app at `path` signed in as `role`, the API answering `routes`. */
export function openReports(path: string, routes: Record<string, Handler>, role: UserRole = 'owner') {
  storeSignedInSession();
  // jsdom draws no canvas: the chart stays an empty, named image, as when Chart.js is still on its way.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const server = fakeServer({
    'GET /api/get-partner-details': answer({
      data: role === 'owner' ? sushrutDental : sushrutDentalAs(role),
    }),
    ...routes,
  });
  renderApp(path);
  return server;
}

/** The query the last request to `route` asked. */
export const lastQuery = (server: ReturnType<typeof fakeServer>, route: string) =>
  Object.fromEntries(server.requests(route).at(-1)?.url.searchParams ?? []);

/** Each row of a table as the texts of its cells, headings first. */
export function tableTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** A file's bytes: jsdom's Blob has no arrayBuffer(), its FileReader reads one. */
function bytesOf(file: Blob | undefined): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    if (!file) return reject(new Error('No file was saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Clicks "Download CSV" in the report's section named `section` and gives the file saved: its
 * name and its lines, once it is checked to open as UTF-8 (a byte-order mark) with CRLF line ends.
 */
export async function downloadedCsv(user: UserEvent, section: string | RegExp) {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
    saved.push(file as Blob);
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  // The section comes before its table's scrolling box, whose name repeats its title.
  const [region] = screen.getAllByRole('region', { name: section });
  if (!region) throw new Error(`no section named ${section}`);
  await user.click(within(region).getByRole('button', { name: 'Download CSV' }));
  await vi.waitFor(() => expect(clicked).toHaveBeenCalledOnce());
  const name = (clicked.mock.contexts[0] as HTMLAnchorElement).download;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(saved[0]));
  expect(text.startsWith('\uFEFF') && text.endsWith('\r\n')).toBe(true);
  return { name, lines: text.slice(1, -2).split('\r\n') };
}
