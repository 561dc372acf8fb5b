/**
 * Static files for the shell (served by the API) and for each remote (scripts/serve-remote.ts):
 * one place for content types, cache rules, path safety and compression.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { readServesSourceMaps } from '../config';
import { acceptsBrotli, acceptsGzip, brotliOnce, gzipOnce } from './compression';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/** webpack's chunkFilename puts an 8-hex content hash before the extension: safe to cache for ever. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

export function cacheControlFor(file: string): string {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface FoundFile {
  file: string;
  size: number;
  mtime: Date;
}

export interface ServeRules {
  /** Source maps show the original source; production serves none (docs/security/browser.md). */
  sourceMaps: boolean;
}

/** Production when NODE_ENV says so; every static server asks this one function. */
export function serveRulesFor(env?: NodeJS.ProcessEnv): ServeRules {
  return { sourceMaps: readServesSourceMaps(env) };
}

/**
 * Build bookkeeping such as the `.built` stamps and any other dot-file is never public; source maps
 * only where the rules allow them.
 */
function isPublic(relativePath: string, rules: ServeRules): boolean {
  if (relativePath.split(path.sep).some((segment) => segment.startsWith('.'))) return false;
  return rules.sourceMaps || path.extname(relativePath) !== '.map';
}

/**
 * The file a URL path names inside `folder`, or null when it leaves the folder, is no file, or is
 * not public. The folder is resolved on every call, so a swapped (renamed or re-linked) build is
 * served at once.
 */
export async function fileInside(
  folder: string,
  urlPath: string,
  rules: ServeRules = serveRulesFor(),
): Promise<FoundFile | null> {
  const root = await realpath(folder).catch(() => null);
  if (!root) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(urlPath, 'http://static').pathname);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(pathname));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (!isPublic(path.relative(root, file), rules)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size, mtime: info.mtime } : null;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.map', '.json', '.txt', '.svg']);
/** Compressed once per file version (path, size, mtime) and encoding; bundles are a few hundred kB at most. */
const compressed = new Map<string, { version: string; body: Promise<Buffer> }>();

export interface FileBody {
  body: Buffer;
  /** How the body is compressed, when it is. */
  encoding?: 'gzip' | 'br';
}

/** Brotli where the client takes it (fewer bytes), else gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): FileBody['encoding'] {
  if (acceptsBrotli(acceptEncoding)) return 'br';
  return acceptsGzip(acceptEncoding) ? 'gzip' : undefined;
}

/** The file's bytes for a client, compressed when it accepts that and it pays off. */
export async function bodyFor(found: FoundFile, acceptEncoding: string | undefined): Promise<FileBody> {
  const encoding = encodingFor(acceptEncoding);
  if (!encoding || !COMPRESSIBLE.has(path.extname(found.file)) || found.size < 1024) {
    return { body: await readFile(found.file) };
  }
  const version = `${found.size}:${found.mtime.getTime()}`;
  const key = `${encoding}:${found.file}`;
  let cached = compressed.get(key);
  if (cached?.version !== version) {
    const plain = readFile(found.file);
    cached = {
      version,
      body: plain.then((bytes) => (encoding === 'br' ? brotliOnce(bytes) : gzipOnce(bytes, 9))),
    };
    compressed.set(key, cached);
    // A failed read is tried again by the next request, not remembered.
    const kept = cached;
    kept.body.catch(() => {
      if (compressed.get(key) === kept) compressed.delete(key);
    });
  }
  return { body: await cached.body, encoding };
}
