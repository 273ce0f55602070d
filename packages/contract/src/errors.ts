/**
 * Machine codes of error bodies and the HTTP status each one answers with.
 * The server raises them; the web client reads them (for example to send a
 * 401 to the sign-in page).
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  /** The caller's role may not do this (decision 047): the web app shows why and keeps the session. */
  ROLE_FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A known path asked with a method it does not answer; `Allow` lists those it does. */
  METHOD_NOT_ALLOWED: 405,
  /** The connection sent no whole request in time. */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  /** The request's headers are larger than the server reads (16 KiB). */
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  /** A message provider (WhatsApp) refused or could not be reached; sending again retries. */
  MESSAGE_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** What the server says when a request never reaches an endpoint. */
export const routingMessages = {
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    `${path} does not answer ${method}; it answers ${allowed.join(', ')}`,
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request did not arrive in time.',
  unreadableRequest: 'The request could not be read.',
} as const;
