/**
 * `GET /api/reservations/stream?club_id=`: the club's committed changes as Server-Sent Events
 * (docs/architecture/live-stream.md). Who may listen is decided exactly as for
 * `GET /api/reservations`; the stream then lives in the process's one LiveHub.
 */
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { liveTexts } from '@platzbuchung/domain/live/changes';
import type { AppDeps } from '../deps';
import { ownClubFromQuery, requireActiveMember, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { HttpError, badRequest, unauthorized } from '../http/errors';
import { SESSION_COOKIE } from '../http/session';
import { describeRoutes } from '../http/api-description';
import { clubQuery } from '../http/answer-schemas';

/** Refused streams retry after this long; a browser's EventSource does not read it, scripts may. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Where the screen stands: the `Last-Event-ID` header a browser sends when it reconnects, or
 * `?last_event_id=` for a fresh EventSource, which cannot set headers. Absent: from now on.
 */
export function resumeAfter(ctx: AppContext): number | undefined {
  const header = ctx.get('Last-Event-ID');
  const query = ctx.query.last_event_id;
  const value = header !== '' ? header : query;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw badRequest('„Last-Event-ID“ muss eine Ereignisnummer (Zahl) sein.');
  }
  return Number(value);
}

export function refuse(reason: 'too-many' | 'busy' | 'stopping'): never {
  const retryLater = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  if (reason === 'too-many') throw new HttpError(429, liveTexts.tooManyStreams, retryLater);
  // 503 makes the browser's EventSource give up here; the screen polls and tries again later.
  if (reason === 'busy') throw new HttpError(503, liveTexts.serverBusy, retryLater);
  throw new HttpError(503, liveTexts.restarting);
}

export function liveRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/reservations/stream', requireActiveMember(deps.db), async (ctx) => {
    const clubId = ownClubFromQuery(ctx, sessionUser(ctx));
    const after = resumeAfter(ctx);
    // The login the stream ends with: the session cookie names it (koa-session checked its signature).
    const sessionId = ctx.cookies.get(SESSION_COOKIE);
    if (!sessionId) throw unauthorized();
    const sink = new PassThrough();
    // Watched from the start: a client that hangs up while its stream joins ends the join's work.
    const hangUp = new AbortController();
    ctx.res.once('close', () => hangUp.abort());
    const opened = await deps.live.open({
      clubId,
      sessionId,
      userId: sessionUser(ctx)._id,
      after,
      sink,
      hangUp: hangUp.signal,
    });
    if (!opened.ok) refuse(opened.reason);
    sink.once('error', opened.close);
    answerWithStream(ctx, sink);
  });

  return describeRoutes(router, 'Reservierungen', {
    'GET /api/reservations/stream': {
      summary: 'Die Änderungen an den Buchungen des Vereins, live (Server-Sent Events)',
      description: 'Wiederaufnahme mit dem Header `Last-Event-ID` oder `?last_event_id=`.',
      access: 'member',
      query: {
        ...clubQuery,
        last_event_id: {
          description: 'Die letzte gesehene Ereignisnummer; ohne: ab jetzt.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      answers: { 200: { description: 'Der Strom; er endet nicht von selbst.', media: 'event-stream' } },
      refusals: {
        429: 'Zu viele offene Ströme.',
        503: 'Der Server ist ausgelastet oder startet neu; `Retry-After`.',
      },
    },
  });
}

/** The answer of a live stream, whoever opened it: a member's grid or a clubhouse screen. */
export function answerWithStream(ctx: AppContext, sink: PassThrough): void {
  // A stream is quiet for long stretches: no idle timeout, and every message on the wire at once.
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.status = 200;
  ctx.type = 'text/event-stream; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache, no-transform');
  // nginx and similar proxies would hold the messages back until a buffer is full.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.set('Connection', 'keep-alive');
  ctx.body = sink;
}
