import { type ErrorCode, errorStatus } from '@vaidya/contract/errors';

/** The one error a service throws; the central handler turns it into `{ message, code }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
