import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorStatus, routingMessages } from '@vaidya/contract/errors';
import type { FastifyInstance } from 'fastify';

/** A route's address as Fastify writes it (`/api/bill/:id`), as a test of a request's path. */
function pathPattern(url: string): RegExp {
  const pattern = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${pattern}$`);
}

/**
 * Learns the methods each route answers as the routes are added (call it before adding
 * them), and returns what a path answers: the `Allow` of a 405 for a known path asked with
 * another method, where Fastify alone answers 404.
 */
export function learnRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ pattern: pathPattern(route.url), methods: [route.method].flat() });
  });
  return (path) =>
    [...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))].sort();
}

/** An error answer written on the socket itself: the request never became one Fastify could answer. */
function writeError(socket: Socket, code: ErrorCode, message: string) {
  const status = errorStatus[code];
  const body = JSON.stringify({ message, code });
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not read (headers over its limit,
 * one that did not arrive in time, a malformed one) is answered in our `{ message, code }`
 * shape like every other error, then the connection is closed. A reset connection is
 * already gone.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    if (error.code === 'HPE_HEADER_OVERFLOW')
      writeError(socket, 'HEADERS_TOO_LARGE', routingMessages.headersTooLarge);
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      writeError(socket, 'REQUEST_TIMEOUT', routingMessages.requestTimeout);
    else writeError(socket, 'VALIDATION_FAILED', routingMessages.unreadableRequest);
  }
  socket.destroy(error);
}
