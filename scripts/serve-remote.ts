/**
 * Serves one built remote (its dist folder) on its own port:
 *   tsx scripts/serve-remote.ts --dir mfe-auth/dist --port 3001
 * The shell on another origin fetches the manifest and chunks, so every answer allows any origin
 * (they are public static files). Hashed chunks are cached for a year; mf-manifest.json and
 * remoteEntry.js are revalidated every time, so a redeployed remote is picked up on the next load.
 * The folder is resolved on every request: swapping it (rename or symlink) takes effect at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bodyFor, cacheControlFor, contentTypeOf, fileInside } from '../services/api/src/http/static-files';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string', default: '3001' },
    host: { type: 'string', default: '0.0.0.0' },
  },
});
if (!values.dir) {
  console.error('usage: tsx scripts/serve-remote.ts --dir <remote>/dist [--port 3001] [--host 0.0.0.0]');
  process.exit(2);
}
const dir = path.resolve(values.dir);
const port = Number(values.port);

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'OPTIONS') {
    res
      .writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '86400' })
      .end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD, OPTIONS');
    return send(res, 405, 'Method Not Allowed');
  }
  const found = await fileInside(dir, req.url ?? '/');
  if (!found) return send(res, 404, 'Not Found');

  const lastModified = found.mtime.toUTCString();
  const headers = {
    'Content-Type': contentTypeOf(found.file),
    'Cache-Control': cacheControlFor(found.file),
    'Last-Modified': lastModified,
    Vary: 'Accept-Encoding',
  };
  // Exact match, as nginx does by default: a rolled-back deployment brings back an *older* file,
  // which a "not modified since" comparison would hide behind the newer copy the browser holds.
  const since = req.headers['if-modified-since'];
  if (since && since === lastModified) {
    res.writeHead(304, headers).end();
    return;
  }
  const { body, encoding } = await bodyFor(found, req.headers['accept-encoding']);
  res.writeHead(200, {
    ...headers,
    'Content-Length': String(body.length),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('serve-remote: request failed', error);
    if (!res.headersSent) send(res, 500, 'Internal Server Error');
    else res.destroy();
  });
});

server.listen(port, values.host, () => {
  console.log(`serve-remote: ${dir} on http://localhost:${port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
