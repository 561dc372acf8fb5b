import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const INCOMING_ID = /^[\w-]{8,64}$/;

/**
 * A calendar feed's and a clubhouse screen's paths hold their secret, the only credential: the log
 * never keeps it.
 */
const SECRET_PATHS = /^(\/api\/calendar\/|\/api\/display\/|\/aushang\/)[^/]*/;
const loggedPath = (path: string): string => path.replace(SECRET_PATHS, '$1…');

/** A request id on every log line and in the `X-Request-Id` answer header, one line per request. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    ctx.state.logger = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.logger.info(
        { method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
