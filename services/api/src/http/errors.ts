import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { texts } from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';

/**
 * An answer the API gives on purpose: a status and the SPEC's error body, `{error: "text"}` or
 * `{error: [{instancePath, message}]}` for forms.
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
        ctx.body = { error: known.error };
        return;
      }
      ctx.state.logger.error({ err: thrown }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: texts.internalError };
    }
  };
}
