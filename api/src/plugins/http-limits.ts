import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long the HTTP server waits on a client (ms). Every bound ends in an answer in the envelope
 * (`408`) where no answer has started yet, and the connection is closed.
 */
export interface HttpTimeouts {
  /** From a request's first byte to the end of its headers (Node's `headersTimeout`). */
  headersMs: number;
  /**
   * From a request's first byte to the last byte of its body (Node's `requestTimeout`): a body still
   * arriving after this is answered 408. A 2 MB upload needs some 35 KB/s.
   */
  requestMs: number;
  /**
   * The longest time nothing moves on a connection (the socket's timeout): a body that stops arriving
   * is answered 408; a response the client does not read is dropped. A handler still working is left alone.
   * Above `headersMs + checkEveryMs`, so headers that stop are answered (408) by the headers bound first.
   */
  idleMs: number;
  /** An idle keep-alive connection between requests; above the proxy's own (nginx: 60 s). */
  keepAliveMs: number;
  /** How often Node looks for requests past `headersMs` / `requestMs`. */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  idleMs: 15_000,
  keepAliveMs: 72_000,
  checkEveryMs: 1_000,
};

/** What Node's HTTP parser (or its deadlines) refuse, by error code, with the status answered. */
const PARSER_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** The envelope of a refusal answered before any route runs. */
function parserErrorBody(status: number) {
  if (status === 400) {
    const key = 'validation.invalid';
    return { code: '400', message: key, result: { issues: [{ path: '', key }] } };
  }
  return { code: String(status), message: (STATUS_CODES[status] ?? 'client error').toLowerCase(), result: null };
}

/** Sockets already answered: a parser that errs again on the rest of the bytes does not answer twice. */
const answered = new WeakSet<Socket>();

/**
 * Writes a whole HTTP response in the envelope straight to the socket (no request object exists, or
 * none has answered yet), then closes the connection once it is flushed (or after a second at most).
 */
function answerOnSocket(socket: Socket, status: number): void {
  answered.add(socket);
  const body = JSON.stringify(parserErrorBody(status));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ].join('\r\n');
  const force = setTimeout(() => socket.destroy(), 1000);
  force.unref();
  socket.once('close', () => clearTimeout(force));
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}

/** The response in flight on a socket (Node keeps it there), if any. */
function inFlight(socket: Socket): (ServerResponse & { req?: IncomingMessage }) | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse & { req?: IncomingMessage } })._httpMessage ?? undefined;
}

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses before any route runs (headers or a URL
 * over the size limit: 431; a malformed request line, control characters, Content-Length together with
 * chunked, a bad chunk: 400; a request past its deadline: 408) is answered in the envelope with
 * `no-store`, like every other API error, then the connection is closed.
 */
export function envelopeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  if (!socket.writable || inFlight(socket)?.headersSent) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, PARSER_STATUS[error.code ?? ''] ?? 400);
}

/** The Fastify options that bound how long a client may hold the server (`HTTP_TIMEOUTS` by default). */
export function httpServerOptions(timeouts: Partial<HttpTimeouts> = {}) {
  const t = { ...HTTP_TIMEOUTS, ...timeouts };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkEveryMs },
    clientErrorHandler: envelopeClientError,
  };
}

/**
 * What a connection idle for `idleMs` gets: a request whose body stopped arriving is answered 408 in
 * the envelope and closed; a request fully received whose handler is still working is left to finish;
 * anything else (a response the client does not read, an idle keep-alive connection) is closed.
 */
export function boundIdleConnections(app: FastifyInstance): void {
  app.server.on('timeout', (socket: Socket) => {
    if (socket.destroyed || answered.has(socket)) return;
    const response = inFlight(socket);
    if (response && !response.headersSent && response.req) {
      if (!response.req.complete) answerOnSocket(socket, 408);
      return;
    }
    socket.destroy();
  });
}
