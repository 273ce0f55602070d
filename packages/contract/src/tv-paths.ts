/**
 * The TV's call that is no contract endpoint (`tvEndpoints` says why), under `/api`, without
 * zod: the /tv page is as light as the booking website (decision 015).
 */
export const tvPaths = {
  /** Server-sent events; EventSource cannot send a header, so the TV's token goes as `?token=`. */
  stream: '/public/tv/stream',
} as const;

/** The server-sent event name of the TV stream; its data is a TvDisplay. */
export const tvDisplayEventName = 'display';
