import type { RunningServer } from './server';

/**
 * Waits for the newest code the development outbox printed for `email`
 * (`[outbox] email to <email>: … 123456 …`), as a person would read it in their mail.
 */
export async function waitForCode(server: RunningServer, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  const pattern = new RegExp(
    `\\[outbox\\] email to ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^\\n]*?\\b(\\d{6})\\b`,
    'g',
  );
  while (Date.now() < deadline) {
    const codes = [...server.output().slice(after).matchAll(pattern)].map((match) => match[1] as string);
    const newest = codes.at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${email} in the server log`);
}
