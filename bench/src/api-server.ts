/**
 * The real API app, as its own process, plus one baseline route that answers a fixed JSON body from
 * memory: the same process, the same middleware, no database. Reads are measured against it.
 */
import Router from '@koa/router';
import { bcryptHasher } from '@platzbuchung/api/accounts/passwords';
import { createRateLimits, defaultRateLimits } from '@platzbuchung/api/accounts/rate-limits';
import { createApp } from '@platzbuchung/api/app';
import { readConfig } from '@platzbuchung/api/config';
import { connectDb } from '@platzbuchung/api/db/connect';
import { laggingReadsFor } from '@platzbuchung/api/db/lagging-reads';
import { acceptsGzip, gzipOnce } from '@platzbuchung/api/http/compression';
import { createApiServer, listen } from '@platzbuchung/api/http/server';
import type { AppState } from '@platzbuchung/api/http/context';
import { LiveHub } from '@platzbuchung/api/live/hub';
import { liveSettings } from '@platzbuchung/api/live/settings';
import { createLogger } from '@platzbuchung/api/logger';
import { instrument, takeTimings } from './support/timings';

const config = readConfig();
const db = connectDb(config.databaseUrl!);
const logger = createLogger('bench-api', 'warn');
// Mails wait in the outbox; the bench runs no relay.

let baselineBody = '[]';
let baselineGzipped: Buffer | undefined;
const baseline = new Router<AppState>();
/**
 * The bench process names a real API path once; its answer is kept, and gzip-compressed once as
 * the API keeps its lists, and afterwards every request gets those very bytes from memory: the
 * fastest this process can answer it.
 */
baseline.post('/bench/baseline', async (ctx) => {
  const { path, cookie } = (ctx.request as unknown as { body: { path: string; cookie: string } }).body;
  const response = await fetch(`http://127.0.0.1:${config.port}${path}`, { headers: { Cookie: cookie } });
  baselineBody = await response.text();
  baselineGzipped = await gzipOnce(baselineBody);
  ctx.body = { ok: response.ok };
});
baseline.get('/bench/baseline', (ctx) => {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (baselineGzipped && acceptsGzip(ctx.get('Accept-Encoding'))) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = baselineGzipped;
  } else ctx.body = baselineBody;
});

const app = createApp(
  {
    db,
    laggingReads: laggingReadsFor(db, config.readReplica, logger),
    config,
    logger,
    clock: () => new Date(),
    hasher: bcryptHasher(4),
    rateLimits: createRateLimits(db, {
      ...defaultRateLimits,
      failedLoginsPerEmailAndClient: 1000,
      failedLoginsPerEmail: 1000,
      failedLoginsPerClient: 100000,
      accountExportsPerUser: 100000,
      windowSeconds: 60,
    }),
    live: new LiveHub({ db, databaseUrl: config.databaseUrl!, logger, ...liveSettings(config.live) }),
  },
  { routes: [baseline] },
);
// The API's own server and listen backlog (LISTEN_BACKLOG, as in production).
const server = createApiServer(app.callback());
void listen(server, { port: config.port, host: '127.0.0.1', backlog: config.listenBacklog }).then(() =>
  process.send?.('ready'),
);
if (process.env.BENCH_TIMINGS) instrument(server, db);
process.on('SIGTERM', () => process.exit(0));
// The bench asks for the memory after a full collection (the process runs with --expose-gc), and
// for the CPU time used so far (user and system, in microseconds), and for where requests' time
// went (./support/timings, with BENCH_TIMINGS=1).
process.on('message', (message) => {
  if (message === 'timings') {
    process.send?.({ timings: takeTimings() });
    return;
  }
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
    return;
  }
  if (message !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.send?.({ rss, heap: heapUsed + external });
});
