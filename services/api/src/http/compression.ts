/**
 * JSON answers of 1 kB or more travel compressed to clients that accept it: a busy club's week is
 * about a tenth of its size on the wire, which is what a phone on a slow network waits for before
 * the grid shows. Brotli at quality 1 to browsers that take it (they do over HTTPS and on
 * localhost), gzip to the others: for a week's list quality 1 costs less than half of gzip's CPU
 * at about gzip's size, and answers compressed per request (a booking's list) are on the API's
 * busiest path. Only JSON: the live stream must not be held back by a compressor, and static files
 * compress themselves once per version (./static-files). An answer that is already compressed
 * (the kept reservation lists, ../reservations/list-cache) passes through unchanged.
 * docs/security/browser.md says why compressing these answers leaks nothing.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const GZIP_LEVEL = 6;

export function compressJson(): Middleware {
  return compress({
    filter: (type) => type.startsWith('application/json'),
    threshold: 1024,
    gzip: { level: GZIP_LEVEL },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    deflate: false,
    // Not negotiated: Node's zstd is experimental, and Brotli already serves every browser.
    zstd: false,
  });
}

/**
 * Does the request's Accept-Encoding take `coding`? A coding named with `q=0` is refused. (Where
 * a client takes several, the servers choose by their own preference, so no ranking is needed.)
 */
function takes(acceptEncoding: string | undefined, coding: string): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== coding) return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Does the request accept a gzip-compressed answer? */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return takes(acceptEncoding, 'gzip');
}

/**
 * Does the request accept a Brotli-compressed answer? Browsers ask for it over HTTPS and from
 * localhost; a file compressed once at its highest quality is about a tenth smaller than gzip's.
 */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return takes(acceptEncoding, 'br');
}

/** Brotli at its highest quality: slow, so only for files compressed once per version. */
export function brotliOnce(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Compresses a body once, for answers kept and served many times (files, the page, kept lists). */
export function gzipOnce(body: string | Buffer, level = GZIP_LEVEL): Promise<Buffer> {
  return gzipAsync(body, { level });
}
