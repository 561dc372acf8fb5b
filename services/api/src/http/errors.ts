import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { texts } from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';

/**
 * An answer the API gives on purpose: a status and the error body, `{error: "text"}` or
 * `{error: [{instancePath, message}]}`; the form calls always answer the latter (`isFormEndpoint`).
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
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, texts.tooManyRequests, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/**
 * The form calls. Their clients read every refusal as a list of field errors and place each one at
 * its field, so here even a refusal that concerns no field (wrong credentials, a rate limit, a body
 * that is no JSON, an unexpected failure) is a list: one error at the path '' (the whole form).
 */
const FORM_ENDPOINTS: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/signup',
  '/api/clubs',
  '/api/forgot-password',
  '/api/reset-password',
]);

export function isFormEndpoint(method: string, path: string): boolean {
  return method === 'POST' && FORM_ENDPOINTS.has(path.replace(/\/+$/, ''));
}

export function asFieldErrors(error: string | FieldError[]): FieldError[] {
  return typeof error === 'string' ? [{ instancePath: '', message: error }] : error;
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
  return { error: isFormEndpoint(method, path) ? asFieldErrors(error) : error };
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
      ctx.state.logger.error({ err: thrown }, 'request failed');
      ctx.status = 500;
      ctx.body = errorBody(ctx.method, ctx.path, texts.internalError);
    }
  };
}
