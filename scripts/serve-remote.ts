/**
 * Serves one built remote (its dist folder) on its own port:
 *   tsx scripts/serve-remote.ts --dir mfe-auth/dist --port 3001
 * The shell on another origin fetches the manifest and chunks, so every answer allows any origin
 * (they are public static files). Hashed chunks are cached for a year; mf-manifest.json and
 * remoteEntry.js are revalidated every time, so a redeployed remote is picked up on the next load.
 * The folder is resolved on every request: swapping it (rename or symlink) takes effect at once.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

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

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** webpack's chunkFilename puts an 8-hex content hash before the extension: safe to cache for ever. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

export function cacheControlFor(file: string): string {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/** The file a URL names inside the current folder, or null when it leaves the folder or is no file. */
async function resolveFile(url: string): Promise<{ file: string; size: number; mtime: Date } | null> {
  const root = await realpath(dir).catch(() => null);
  if (!root) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://remote').pathname);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(pathname));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size, mtime: info.mtime } : null;
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
  const found = await resolveFile(req.url ?? '/');
  if (!found) return send(res, 404, 'Not Found');

  const lastModified = found.mtime.toUTCString();
  const headers = {
    'Content-Type': CONTENT_TYPES[path.extname(found.file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(found.file),
    'Last-Modified': lastModified,
  };
  // Exact match, as nginx does by default: a rolled-back deployment brings back an *older* file,
  // which a "not modified since" comparison would hide behind the newer copy the browser holds.
  const since = req.headers['if-modified-since'];
  if (since && since === lastModified) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(found.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(found.file)
    .on('error', () => res.destroy())
    .pipe(res);
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
