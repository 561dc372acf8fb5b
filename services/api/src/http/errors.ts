import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import * as texts from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';

/**
 * An answer the API gives on purpose: a status and the error body, `{error: "text"}` or
 * `{error: [{instancePath, message}]}`; the form calls always answer the latter (`FORM_ENDPOINTS`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof error === 'string' ? error : (error[0]?.message ?? 'invalid'));
  }
}

export const badRequest = (error: string | FieldError[]) => new HttpError(400, error);
export const unauthorized = () => new HttpError(401, texts.notLoggedIn);
export const forbidden = (message: string = texts.forbidden) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = texts.tooManyRequests) =>
  new HttpError(429, message, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/**
 * The form calls, each with the field its form shows a refusal of the form as a whole under: wrong
 * credentials, a rate limit, a body that is no JSON or no object, a foreign origin, an unexpected
 * failure. Their clients read every refusal as a list of field errors and show each one under the
 * field its path names, and only there; an error at the path '' would be shown nowhere.
 */
const FORM_ENDPOINTS: ReadonlyMap<string, string> = new Map([
  ['/api/login', '/email'],
  ['/api/signup', '/email'],
  ['/api/clubs', '/email'],
  ['/api/forgot-password', '/email'],
  // The reset token is a hidden field: the password is the one the form shows.
  ['/api/reset-password', '/password'],
]);

/** The field a form call's whole-form refusals go under, or undefined for a call that is no form. */
function wholeFormField(method: string, path: string): string | undefined {
  return method === 'POST' ? FORM_ENDPOINTS.get(path.replace(/\/+$/, '')) : undefined;
}

/** A refusal as the list a form shows: a sentence, or an error at the form itself, under `field`. */
function asFieldErrors(error: string | FieldError[], field: string): FieldError[] {
  if (typeof error === 'string') return [{ instancePath: field, message: error }];
  return error.map((e) => (e.instancePath === '' ? { ...e, instancePath: field } : e));
}

/** Errors thrown by body parsing and koa itself carry `status` and `type` (http-errors). */
interface KoaHttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

function fromKoaError(error: KoaHttpError): HttpError | undefined {
  const status = error.status ?? error.statusCode;
  if (!status || status >= 500) return undefined;
  if (status === 413) return new HttpError(413, texts.payloadTooLarge);
  if (status === 415) return new HttpError(415, texts.unsupportedMediaType);
  if (status === 400) return new HttpError(400, texts.invalidJson);
  return new HttpError(status, texts.invalidValue);
}

function errorBody(method: string, path: string, error: string | FieldError[]) {
  const field = wholeFormField(method, path);
  return { error: field === undefined ? error : asFieldErrors(error, field) };
}

/** The one place where thrown errors become responses; nothing unexpected leaks to the client. */
export function errorHandler(): Middleware<{ logger: Logger }> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const known = thrown instanceof HttpError ? thrown : fromKoaError(thrown as KoaHttpError);
      if (known) {
        ctx.status = known.status;
        ctx.set(known.headers);
        ctx.body = errorBody(ctx.method, ctx.path, known.error);
        return;
      }
      if (isDatabaseUnavailable(thrown)) {
        // A failover or a restart of the database: the client may try again in a moment.
        ctx.state.logger.warn({ err: thrown }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        ctx.body = errorBody(ctx.method, ctx.path, texts.databaseUnavailable);
        return;
      }
      ctx.state.logger.error({ err: thrown }, 'request failed');
      ctx.status = 500;
      ctx.body = errorBody(ctx.method, ctx.path, texts.internalError);
    }
  };
}
