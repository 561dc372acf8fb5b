import type { Middleware } from 'koa';
import * as texts from '@platzbuchung/domain/texts';
import { HttpError } from './errors';

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Headers every answer carries. HTML answers (the shell) get their own, wider Content-Security-Policy
 * (`contentSecurityPolicy`, set by the UI middleware); for JSON nothing may be loaded or framed at all.
 */
export function securityHeaders(options: { hsts: boolean }): Middleware {
  return async (ctx, next) => {
    // Only when users reach us over https: a browser then refuses plain http to this host for a year.
    if (options.hsts)
      ctx.set('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    });
    await next();
  };
}

/**
 * The HTML page's Content-Security-Policy, which the UI middleware sets in place of the one above:
 * the page loads the shell's files from its own origin and the remotes' from theirs.
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (...sources: string[]) => [...sources, remotes].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    // No 'unsafe-eval' (the forms' validators are compiled ahead of time) and no 'unsafe-inline'
    // anywhere (styles are extracted files).
    `script-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes("'self'")}`,
    `connect-src ${withRemotes("'self'")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The service worker's Content-Security-Policy (docs/architecture/offline.md): a worker's requests
 * follow its own script's policy, so it may fetch from this origin (pages) and from the remotes'
 * (their files), and nothing else.
 */
export function serviceWorkerPolicy(remoteOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `connect-src ${["'self'", ...remoteOrigins].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HTML_FORM_MEDIA_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A page's own form, sent by the browser before the page's script has taken it over (the server
 * renders a stranger's first pages, docs/architecture/first-visit.md, "Pages painted from their
 * HTML"): posted to the page's address, never to the API's.
 */
const isPageFormPost = (ctx: { method: string; path: string; get(field: string): string }) =>
  ctx.method === 'POST' &&
  HTML_FORM_MEDIA_TYPE.test(ctx.get('Content-Type')) &&
  !ctx.path.startsWith('/api/') &&
  !ctx.path.startsWith('/schema/');

/**
 * State-changing requests must be JSON (a cross-site form cannot send that without a CORS preflight)
 * and, where the browser names its origin, come from one we serve.
 */
export function requireJsonFromOwnOrigin(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('Origin');
      // Not `ctx.origin`: Koa 3 answers the Origin header there, not the server's own origin.
      if (origin && origin !== `${ctx.protocol}://${ctx.host}` && !allowed.has(origin)) {
        throw new HttpError(403, texts.foreignOrigin);
      }
      // Nothing is read or changed: the browser is sent back to the page, which then works.
      if (isPageFormPost(ctx)) {
        ctx.status = 303;
        ctx.redirect(ctx.path);
        return;
      }
      if (!JSON_MEDIA_TYPE.test(ctx.get('Content-Type'))) {
        throw new HttpError(415, texts.unsupportedMediaType);
      }
    }
    await next();
  };
}

/**
 * With an https PUBLIC_URL the session cookie is `Secure`. The TLS ends at the proxy, so the request
 * reaching us is plain HTTP, and the cookie library refuses a Secure cookie on it unless the proxy
 * forwards `X-Forwarded-Proto: https`. Users only ever reach this origin over https (the
 * configuration demands a proxy for it), and `Secure` merely restricts where the browser sends the
 * cookie, so it is set regardless of what the proxy forwards.
 */
export function cookiesForHttpsUsers(): Middleware {
  return async (ctx, next) => {
    (ctx.cookies as unknown as { secure: boolean }).secure = true;
    await next();
  };
}
