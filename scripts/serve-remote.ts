/**
 * Serves one built remote (its dist folder) on its own port:
 *   tsx scripts/serve-remote.ts --dir mfe-auth/dist --port 3001
 * The shell on another origin fetches the manifest and chunks, so every answer allows any origin
 * (they are public static files). Hashed chunks are cached for a year; mf-manifest.json and
 * remoteEntry.js are revalidated every time, so a redeployed remote is picked up on the next load.
 * The folder is resolved on every request: swapping it (rename or symlink) takes effect at once.
 *
 * With `--releases remotes --remote reservations` it serves `remotes/reservations/<version>/`, the
 * version being the one `remotes/remotes.json` names at the time of each request (scripts/release.mjs,
 * scripts/switch.mjs), and `--dir` only while no version is named: `npm run switch` takes effect on
 * the next page load, and switching needs no restart. A hashed chunk
 * the current version lacks is looked up in the other versions, so a page opened before a switch
 * still gets the chunks it asks for (their names are their content, so any copy is the right one).
 */
import { readFile, readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  bodyFor,
  cacheControlFor,
  contentTypeOf,
  fileInside,
  serveRulesFor,
  type FoundFile,
} from '../services/api/src/http/static-files';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    releases: { type: 'string' },
    remote: { type: 'string' },
    port: { type: 'string', default: '3001' },
    host: { type: 'string', default: '0.0.0.0' },
  },
});
if (!values.dir && !(values.releases && values.remote)) {
  console.error(
    'usage: tsx scripts/serve-remote.ts (--dir <remote>/dist | --releases remotes --remote <name>) [--port 3001] [--host 0.0.0.0]',
  );
  process.exit(2);
}
const port = Number(values.port);
/** Read from the environment once, not on every request. */
const rules = serveRulesFor();

const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)$/;

/** The released version `remotes.json` names for this remote right now, or null. */
async function currentRelease(releases: string, remote: string): Promise<string | null> {
  try {
    const versions = JSON.parse(await readFile(path.join(releases, 'remotes.json'), 'utf8')) as Record<
      string,
      string
    >;
    return versions[remote] ?? null;
  } catch {
    return null;
  }
}

/** A hashed file the current version lacks, from any other version of the same remote. */
async function fromOtherVersions(
  releases: string,
  remote: string,
  urlPath: string,
): Promise<FoundFile | null> {
  if (!HASHED_FILE.test(urlPath)) return null;
  const versions = await readdir(path.join(releases, remote)).catch(() => [] as string[]);
  for (const version of versions.filter((name) => !name.startsWith('.'))) {
    const found = await fileInside(path.join(releases, remote, version), urlPath, rules);
    if (found) return found;
  }
  return null;
}

/** The file a request names: in the current release when one is named, else in the folder. */
async function findFile(urlPath: string): Promise<FoundFile | null> {
  if (values.releases && values.remote) {
    const releases = path.resolve(values.releases);
    const version = await currentRelease(releases, values.remote);
    if (version) {
      const found = await fileInside(path.join(releases, values.remote, version), urlPath, rules);
      return found ?? fromOtherVersions(releases, values.remote, urlPath);
    }
  }
  return values.dir ? fileInside(path.resolve(values.dir), urlPath, rules) : null;
}
const servedFrom = [
  values.releases && `${path.resolve(values.releases)}/${values.remote} (the version remotes.json names)`,
  values.dir && path.resolve(values.dir),
]
  .filter(Boolean)
  .join(', else ');

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
  const found = await findFile(req.url ?? '/');
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
  console.log(`serve-remote: ${servedFrom} on http://localhost:${port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
