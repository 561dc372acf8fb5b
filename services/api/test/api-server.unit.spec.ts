import { execFileSync } from 'node:child_process';
import type { Server, ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { readConfig } from '../src/config';
import { createApiServer, listen } from '../src/http/server';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function started(options: ServerOptions = {}, backlog = 511): Promise<number> {
  const server = createApiServer((_request, response) => response.end('{}'), options);
  servers.push(server);
  await listen(server, { port: 0, host: '127.0.0.1', backlog });
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes on a connection of its own and reads everything until the server closes it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function parsed(answer: string): { status: number; type: string | undefined; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]),
    type: /content-type: ([^\r]+)/i.exec(head!)?.[1],
    body: JSON.parse(body!),
  };
}

describe('the API server', () => {
  it('listens with the backlog LISTEN_BACKLOG names, as the kernel reports it', async () => {
    const { listenBacklog } = readConfig({ LISTEN_BACKLOG: '37' });
    const port = await started({}, listenBacklog);
    // For a listening socket, `ss` shows the backlog as its send queue (Send-Q).
    const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
    expect(line.split(/\s+/).slice(0, 3)).toEqual(['LISTEN', '0', '37']);
  });

  it('refuses a request whose headers come too slowly with 408 and a German reason', async () => {
    const port = await started({ headersTimeout: 100, requestTimeout: 200, connectionsCheckingInterval: 20 });
    const answer = parsed(await exchange(port, 'POST /api/reservations HTTP/1.1\r\nHost: platz\r\n'));
    expect(answer).toEqual({
      status: 408,
      type: 'application/json; charset=utf-8',
      body: { error: texts.requestTimedOut },
    });
  });

  it('refuses headers beyond the limit with 431 and a German reason', async () => {
    const port = await started({ maxHeaderSize: 1024 });
    const answer = parsed(
      await exchange(
        port,
        `GET /api/verifyAuth HTTP/1.1\r\nHost: platz\r\nCookie: ${'a'.repeat(2048)}\r\n\r\n`,
      ),
    );
    expect(answer).toMatchObject({ status: 431, body: { error: texts.headersTooLarge } });
  });

  it('refuses what is no HTTP with 400 and a German reason', async () => {
    const port = await started();
    const answer = parsed(await exchange(port, 'HALLO WELT\r\n\r\n'));
    expect(answer).toMatchObject({ status: 400, body: { error: texts.malformedRequest } });
  });

  it('answers requests that arrive whole as before', async () => {
    const port = await started();
    const answer = await exchange(port, 'GET / HTTP/1.1\r\nHost: platz\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{\}$/);
  });
});
