/**
 * The API process: reads the environment, migrates, runs the subscriptions (in one worker of the
 * deployment), serves, and on SIGTERM stops taking new connections, lets running requests finish,
 * stops the subscriptions, then closes the database pool. Mails it leaves in the outbox; the
 * mailer process (services/mailer) takes them from there.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { bcryptHasher } from './accounts/passwords';
import { createRateLimits, defaultRateLimits } from './accounts/rate-limits';
import { createApp } from './app';
import { ConfigError, readConfig, type Config } from './config';
import { connectDb, type Db } from './db/connect';
import { laggingReadsFor } from './db/lagging-reads';
import { migrateLatest } from './db/migrate';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_PLAYER, seedDemo } from './demo';
import type { AppDeps } from './deps';
import { startSubscriptionsAsLeader } from './events/leader';
import { startHousekeeping } from './housekeeping';
import { startReleaseJob } from './check-in/release-job';
import { firstScreenAnswers, pageStartup } from './http/page-startup';
import { createApiServer, listen } from './http/server';
import { serveUi } from './http/ui';
import { LiveHub } from './live/hub';
import { liveSettings } from './live/settings';
import { createLogger } from './logger';
import { notificationsSubscription } from './notifications/notices';

const logger = createLogger('api');

/** The shell, when it has been built (`npm run build -w shell`); the API alone runs without it. */
function shellUi(config: Config, db: Db) {
  if (!existsSync(`${config.ui.shellDir}/index.html`)) {
    logger.warn({ shellDir: config.ui.shellDir }, 'no built shell found: serving the API only');
    return undefined;
  }
  return serveUi({
    shellDir: config.ui.shellDir,
    remotes: config.ui.remotes,
    publicUrl: config.publicUrl,
    mailRetentionDays: config.mailRetentionDays,
    impressum: config.impressum,
    production: config.production,
    startupFor: pageStartup(db),
    inlineAnswerFor: firstScreenAnswers(db, () => new Date()),
    pageRenderers: config.ui.pageRenderers,
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is not set (npm start runs an embedded PostgreSQL when it is unset)');
  }
  const db = connectDb(config.databaseUrl);
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const hasher = bcryptHasher();
  if (process.argv.includes('--demo') || config.demo) {
    const { booked } = await seedDemo(db, hasher, { now: new Date(), timeZone: config.timeZone });
    logger.info(
      { admin: DEMO_ADMIN.email, player: DEMO_PLAYER.email, password: DEMO_PASSWORD, booked },
      'demo club ready',
    );
  }

  const deps: AppDeps = {
    db,
    laggingReads: laggingReadsFor(db, config.readReplica, logger),
    config,
    logger,
    clock: () => new Date(),
    hasher,
    rateLimits: createRateLimits(db, {
      ...defaultRateLimits,
      registrationsPerClient: config.registrationsPerClient,
    }),
    live: new LiveHub({
      db,
      databaseUrl: config.databaseUrl,
      logger,
      ...liveSettings(config.live),
    }),
  };
  const app = createApp(deps, { ui: shellUi(config, db) });
  const stopHousekeeping = startHousekeeping(db, logger, config);
  // One API worker of the deployment runs them (an advisory lock), whichever gets there first.
  const subscriptions = startSubscriptionsAsLeader({
    db,
    databaseUrl: config.databaseUrl,
    logger,
    subscriptions: [notificationsSubscription({ publicUrl: config.publicUrl })],
  });
  // One API worker of the deployment releases the hours nobody checked in for (docs/check-in.md).
  const releaseJob = startReleaseJob({ db, databaseUrl: config.databaseUrl, logger, clock: deps.clock });
  const server: Server = createApiServer(app.callback());
  await listen(server, { port: config.port, backlog: config.listenBacklog });
  logger.info({ port: config.port, publicUrl: config.publicUrl }, 'api listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining requests');
    stopHousekeeping();
    // Live streams never end by themselves: end them first, so the server can drain. Browsers
    // reconnect with their Last-Event-ID, to another process or to this one's successor.
    const liveStopped = deps.live
      .stop()
      .catch((err: unknown) => logger.error({ err }, 'live streams did not stop cleanly'));
    server.close(async () => {
      await liveStopped;
      // The running batch finishes and saves its checkpoint; what follows is handled at the next start.
      await releaseJob
        .stop()
        .catch((err: unknown) => logger.error({ err }, 'release job did not stop cleanly'));
      await subscriptions
        .stop()
        .catch((err: unknown) => logger.error({ err }, 'subscriptions did not stop cleanly'));
      await hasher.close();
      await deps.laggingReads.stop();
      await db.destroy();
      logger.info('api stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // Clients that hold a connection open must not keep the process alive for ever.
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, err instanceof ConfigError ? err.message : 'api failed to start');
  process.exit(1);
});
