/**
 * The API process: reads the environment, migrates, serves, and on SIGTERM stops taking new
 * connections, lets running requests finish, then closes the database pool.
 */
import type { Server } from 'node:http';
import { bcryptHasher } from './accounts/passwords';
import { createRateLimits } from './accounts/rate-limits';
import { createApp } from './app';
import { ConfigError, readConfig } from './config';
import { connectDb } from './db/connect';
import { migrateLatest } from './db/migrate';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_PLAYER, seedDemo } from './demo';
import type { AppDeps } from './deps';
import { startHousekeeping } from './housekeeping';
import { createLogger } from './logger';

const logger = createLogger('api');

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is not set (npm start runs an embedded PostgreSQL when it is unset)');
  }
  const db = connectDb(config.databaseUrl);
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const hasher = bcryptHasher();
  if (process.argv.includes('--demo') || process.env.DEMO === '1') {
    await seedDemo(db, hasher);
    logger.info(
      { admin: DEMO_ADMIN.email, player: DEMO_PLAYER.email, password: DEMO_PASSWORD },
      'demo club ready',
    );
  }

  const deps: AppDeps = {
    db,
    config,
    logger,
    clock: () => new Date(),
    hasher,
    rateLimits: createRateLimits(db),
  };
  const app = createApp(deps);
  const stopHousekeeping = startHousekeeping(db, logger);
  const server: Server = app.listen(config.port, () => {
    logger.info({ port: config.port, publicUrl: config.publicUrl }, 'api listening');
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining requests');
    stopHousekeeping();
    server.close(async () => {
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
