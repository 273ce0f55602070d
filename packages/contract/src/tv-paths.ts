/**
 * Where the waiting-room TV calls, without zod: the /tv page is as light as the booking
 * website (decision 015), so it imports these and the types of tv.ts only.
 */
export const tvPaths = {
  register: '/api/public/tv/register',
  display: '/api/public/tv/display',
  /** Server-sent events; EventSource cannot send a header, so the TV's token goes as `?token=`. */
  stream: '/api/public/tv/stream',
} as const;

/** The server-sent event name of the TV stream; its data is a TvDisplay. */
export const tvDisplayEventName = 'display';
