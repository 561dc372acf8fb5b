import { checkInRoutes } from './routes/check-in';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import * as texts from '@platzbuchung/domain/texts';
import { usersReachHttps } from './config';
import type { AppDeps } from './deps';
import type { AppState } from './http/context';
import { compressJson } from './http/compression';
import { apiDocsRoutes } from './http/api-docs';
import { errorHandler, notFound } from './http/errors';
import { inputLimits } from './http/input-limits';
import { requestContext } from './http/request-context';
import { cookiesForHttpsUsers, requireJsonFromOwnOrigin, securityHeaders } from './http/security';
import { sessions } from './http/session';
import { accountRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { categoryRoutes } from './routes/categories';
import { blockRoutes } from './routes/blocks';
import { calendarRoutes } from './routes/calendar';
import { displayPage, displayRoutes } from './routes/display';
import { erasureRoutes } from './routes/erasure';
import { eventRoutes } from './routes/events';
import { exportRoutes } from './routes/exports';
import { liveRoutes } from './routes/live';
import { healthRoutes, type ReadinessCheck } from './routes/health';
import { emailConfirmationRoutes } from './routes/email-confirmation';
import { notificationRoutes } from './routes/notifications';
import { ownAccountRoutes } from './routes/account';
import { passwordRoutes } from './routes/passwords';
import { pushRoutes } from './routes/push';
import { childrenRoutes } from './routes/children';
import { reservationRoutes } from './routes/reservations';
import { reservationPlayerRoutes } from './routes/reservation-players';
import { schemaRoutes } from './routes/schemas';
import { waitlistRoutes } from './routes/waitlist';
import { moneyRoutes } from './routes/money';
import { statsRoutes } from './routes/stats';
import { sepaRoutes } from './routes/sepa';

export interface AppOptions {
  /** Route groups added by later features (reservations, mail, admin), mounted under /api. */
  routes?: readonly Router<AppState>[];
  readinessChecks?: readonly ReadinessCheck[];
  /** Serves the shell and /remotes.json; mounted after every API route. */
  ui?: Middleware<AppState>;
}

const MAX_BODY = '100kb';

/** How a streamed answer ends when its reader closes the connection first. */
const READER_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

function apiNotFound(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (
      (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/schema/')) &&
      ctx.body == null &&
      ctx.status === 404
    ) {
      throw notFound(texts.apiNotFound);
    }
  };
}

/** Every route group the app serves, in mounting order; the fuzz test walks the same list. */
export function appRouters(deps: AppDeps, options: AppOptions = {}): Router<AppState>[] {
  const routers = [
    healthRoutes(deps, options.readinessChecks),
    schemaRoutes(),
    accountRoutes(deps),
    passwordRoutes(deps),
    ownAccountRoutes(deps),
    emailConfirmationRoutes(deps),
    notificationRoutes(deps),
    pushRoutes(deps),
    childrenRoutes(deps),
    reservationRoutes(deps),
    reservationPlayerRoutes(deps),
    liveRoutes(deps),
    eventRoutes(deps),
    erasureRoutes(deps),
    adminRoutes(deps),
    categoryRoutes(deps),
    blockRoutes(deps),
    exportRoutes(deps),
    calendarRoutes(deps),
    waitlistRoutes(deps),
    moneyRoutes(deps),
    statsRoutes(deps),
    displayRoutes(deps),
    checkInRoutes(deps),
    sepaRoutes(deps),
    ...(options.routes ?? []),
  ];
  // The API's description covers every group mounted here, its own routes included.
  const all: Router<AppState>[] = [...routers, apiDocsRoutes(() => all)];
  return all;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>({
    keys: [deps.config.sessionSecret],
    // Each proxy appends the address it saw to X-Forwarded-For; everything left of our own proxies'
    // entries is written by the client and must not be believed (docs/security/sessions.md).
    proxy: deps.config.trustedProxies > 0,
    maxIpsCount: deps.config.trustedProxies,
  });
  const https = usersReachHttps(deps.config);
  // What escapes the middleware: a streamed answer's errors. A reader leaving a live stream is normal.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code && READER_GONE.has(err.code)) return;
    deps.logger.error({ err }, 'answer failed after it began');
  });

  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(securityHeaders({ hsts: https }));
  app.use(compressJson());
  if (https) app.use(cookiesForHttpsUsers());
  app.use(apiNotFound());
  app.use(sessions(app as unknown as Koa, deps.db, { secure: https }));
  app.use(requireJsonFromOwnOrigin([deps.config.publicUrl]));
  // DELETE too: erasing an account carries the password in its body.
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: MAX_BODY,
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  );
  app.use(inputLimits());

  for (const router of appRouters(deps, options)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(displayPage(deps));
  if (options.ui) app.use(options.ui);
  return app;
}
