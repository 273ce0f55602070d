import type { LeadsSink } from './leads-sink';

/**
 * Posts the lead as text/plain (a spreadsheet web script reads the raw body;
 * text/plain also spares it a CORS preflight). Anything but a 2xx, or no
 * answer within the timeout, is a failure the forwarder retries.
 */
export function createSpreadsheetLeadsSink(options: { url: string; timeoutMs?: number }): LeadsSink {
  return {
    async deliver(lead) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=utf-8' },
        body: JSON.stringify({
          phoneNumber: lead.phoneNumber,
          name: lead.name,
          specialty: lead.specialty,
          location: lead.location,
        }),
        redirect: 'follow',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the leads web script answered ${response.status}`);
    },
  };
}
