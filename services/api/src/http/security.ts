import type { Middleware } from 'koa';
import { texts } from '@platzbuchung/domain/texts';
import { HttpError } from './errors';

/**
 * Headers every answer carries. HTML answers (the shell) get their own, wider Content-Security-Policy
 * from the UI middleware; for JSON nothing may be loaded or framed at all.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
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

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
      if (!JSON_MEDIA_TYPE.test(ctx.get('Content-Type'))) {
        throw new HttpError(415, texts.unsupportedMediaType);
      }
    }
    await next();
  };
}
