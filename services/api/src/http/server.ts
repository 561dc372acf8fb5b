/**
 * The API's HTTP server. Two things Node decides below Koa are set here: how many connections the
 * kernel may hold for the process before it accepts them (the listen backlog), and what a client
 * hears when Node itself refuses its request before Koa ever sees it.
 */
import http, { type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import * as texts from '@platzbuchung/domain/texts';

/**
 * Node's own refusals, each worded as the API words its refusals (`{error: "text"}`). Node answers
 * a request whose headers or body came too slowly (408), whose headers are too large (431) or that
 * is no HTTP (400) with a status line and no body; a phone's user then saw no reason at all. In a
 * rush on a starved machine the process accepted connections faster than it read them, and a
 * request outlived Node's headers timeout (60 s from the accept) before it was read
 * (docs/scaling.md, "When to add API machines, when a replica").
 */
const REFUSALS: Readonly<Record<string, readonly [number, string, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', texts.requestTimedOut],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', texts.headersTooLarge],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', texts.payloadTooLarge],
};
const NO_HTTP = [400, 'Bad Request', texts.malformedRequest] as const;

/** The answer Node would have written without a body, with the German reason in the API's shape. */
function refusalOf(code: string | undefined): string {
  const [status, reason, text] = (code && REFUSALS[code]) || NO_HTTP;
  const body = JSON.stringify({ error: text });
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Replaces Node's default `clientError` handling, which writes the same statuses without a body. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A socket reset by the client, or one already answered on, is only closed.
  const written = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
  if (error.code !== 'ECONNRESET' && socket.writable && written === 0) socket.write(refusalOf(error.code));
  socket.destroy();
}

/** The server for the API's request handler; `options` are Node's (tests shorten its timeouts). */
export function createApiServer(handler: RequestListener, options: ServerOptions = {}): Server {
  const server = http.createServer(options, handler);
  server.on('clientError', answerClientError);
  return server;
}

export interface ListenOn {
  port: number;
  /** Unset: every address of the machine. */
  host?: string;
  /** Connections the kernel queues before the process accepts them (`LISTEN_BACKLOG`). */
  backlog: number;
}

/** Resolves once the server listens. */
export function listen(server: Server, { port, host, backlog }: ListenOn): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
