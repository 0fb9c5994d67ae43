import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What came back on a raw connection before the server closed it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the server's close. */
  closedAfterMs: number;
}

/** The port a listening app is on. */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as { port: number }).port;
}

/**
 * Opens a TCP connection, writes `bytes` (a string or several parts, each written as it comes), and
 * waits for the server to close the connection; resolves with what it answered. Fails if the server
 * has not closed it within `limitMs`.
 */
export function rawExchange(
  port: number,
  bytes: string | Buffer | ((socket: Socket) => void),
  { limitMs = 10_000 }: { limitMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let started = 0;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection within ${limitMs} ms`));
    }, limitMs);
    socket.on('connect', () => {
      started = performance.now();
      if (typeof bytes === 'function') bytes(socket);
      else socket.write(bytes);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limit);
      resolve({ ...parse(Buffer.concat(chunks).toString('utf8')), closedAfterMs: performance.now() - started });
    });
  });
}

function parse(text: string): Omit<RawAnswer, 'closedAfterMs'> {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: text };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: text.slice(end + 4) };
}
