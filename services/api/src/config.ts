import type { ImpressumConfig } from '@platzbuchung/domain/privacy/facts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Configuration comes only from the environment, read and checked once at start.
 * The README lists every variable with the defaults given here.
 */
export interface Config {
  port: number;
  /**
   * `LISTEN_BACKLOG`: connections the kernel holds for the process before it accepts them. When a
   * club's booking opens, phones connect faster than one process accepts; a connection that finds
   * the queue full is dropped, and the phone tries again only after 1, 3, 7… seconds
   * (docs/scaling.md). The kernel cuts it to `net.core.somaxconn`.
   */
  listenBacklog: number;
  publicUrl: string;
  /** Unset means: run an embedded PostgreSQL (only the start script does that). */
  databaseUrl: string | undefined;
  sessionSecret: string;
  timeZone: string;
  impressum: ImpressumConfig;
  /** The built shell the API serves at /, and where the browser finds each remote. */
  ui: {
    shellDir: string;
    remotes: Record<string, string>;
    /** The built renderers of a stranger's first pages (http/painted-pages.ts). */
    pageRenderers: { shell: string; remotes: Record<string, string> };
  };
  production: boolean;
  /** `DEMO=1` (or `--demo`): seed the demo club at start. */
  demo: boolean;
  /** Sign-ups and club registrations one client may send per 15 minutes (docs/security/accounts.md). */
  registrationsPerClient: number;
  /** After this many days a sent or failed mail's body is removed (`MAIL_RETENTION_DAYS`, docs/privacy-erasure.md). */
  mailRetentionDays: number;
  /**
   * How many reverse proxies stand between the client and the API (`TRUST_PROXY`). 0: none, the
   * socket's address is the client's; n: the n-th address from the right of `X-Forwarded-For` is.
   */
  trustedProxies: number;
  /** The live streams' bounds and heartbeat (docs/architecture/live-stream.md). */
  live: LiveConfig;
  /** Where reads that may lag go (docs/scaling.md). */
  readReplica: ReadReplicaConfig;
  /** The event log's JSON Lines exports (docs/security/cost.md, "Exports that wait for their reader"). */
  eventExports: EventExportConfig;
}

export interface EventExportConfig {
  /** `EVENT_EXPORTS_PER_PROCESS`: exports one API process runs at once; one more is refused with 503. */
  perProcess: number;
  /** `EVENT_EXPORTS_PER_CLUB`: one club's exports at once on one process; one more is refused with 429. */
  perClub: number;
  /** `EVENT_EXPORT_STALL_MS`: an export whose reader takes nothing for this long is ended. */
  stallMs: number;
}

export interface ReadReplicaConfig {
  /** `READ_DATABASE_URL`: a streaming replica of `DATABASE_URL`; unset, every read goes to the primary. */
  databaseUrl: string | undefined;
  /** Lagging further behind than this, the replica is left for the primary until it catches up. */
  maxLagMs: number;
  /** How often its reachability and lag are checked (not per request). */
  checkEveryMs: number;
}

export interface LiveConfig {
  /** Open live streams of one member over every API process, whichever logins they use. */
  streamsPerMember: number;
  /** Open live streams on one API process (each worker of `start:prod` counts its own). */
  streamsPerProcess: number;
  /**
   * How often a stream gets its keep-alive comment; each heartbeat also renews the streams' leases
   * and ends those whose login has ended.
   */
  heartbeatMs: number;
}

export const defaultLiveConfig: LiveConfig = {
  streamsPerMember: 10,
  streamsPerProcess: 5_000,
  heartbeatMs: 25_000,
};

/** Users reach the app over https (behind a TLS-terminating proxy): cookies are `Secure`, HSTS is sent. */
export function usersReachHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REMOTE_NAMES = ['auth', 'reservations', 'admin'] as const;

/**
 * `REMOTE_URLS=auth=https://auth.example.org,admin=…`; unset: each remote on the public host at
 * ports 3001, 3002, 3003, as `npm start` serves them.
 */
function remoteUrls(value: string | undefined, publicUrl: string): Record<string, string> {
  if (value === undefined) {
    const base = new URL(publicUrl);
    return Object.fromEntries(
      REMOTE_NAMES.map((name, i) => [name, `${base.protocol}//${base.hostname}:${3001 + i}`]),
    );
  }
  const entries = value
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [name, address] = pair.split(/=(.*)/s);
      if (!name || !address) throw new ConfigError(`REMOTE_URLS entry "${pair}" must be name=url`);
      return [name, url('REMOTE_URLS', address)] as const;
    });
  return Object.fromEntries(entries);
}

/**
 * The kernel's own bound (`net.core.somaxconn`, 4096 since Linux 5.4) rather than Node's 511: with
 * 10,000 phones connecting in the same second, 511 dropped connections that came back only after
 * the phones' retries, 1, 3 and 7 seconds later (bench/README.md, "Rushes as phones make them").
 */
const DEFAULT_LISTEN_BACKLOG = 4096;

const DEV_SESSION_SECRET = 'platzbuchung-development-secret-change-me';

export class ConfigError extends Error {}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    throw new ConfigError(`${name} must be a port number, got "${value}"`);
  }
  return parsed;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1, got "${value}"`);
  }
  return parsed;
}

/** `TRUST_PROXY`: unset or 0 for none, otherwise the number of proxies in front of the API. */
function trustedProxies(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,2}$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of reverse proxies in front of the API (0, 1, 2, …), got "${value}"`,
    );
  }
  return Number(value);
}

function url(name: string, value: string): string {
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`);
  }
}

function timeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('de-DE', { timeZone: value });
    return value;
  } catch {
    throw new ConfigError(`APP_TIMEZONE must be an IANA time zone such as Europe/Berlin, got "${value}"`);
  }
}

/** The default zone of clubs (APP_TIMEZONE), also for tools that need nothing else of the config. */
export function readTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return timeZone(env.APP_TIMEZONE ?? 'Europe/Berlin');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', env.PORT, 3000);
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${port}`);
  const https = usersReachHttps({ publicUrl });
  // Users reach a production or https deployment: cookies there must be signed with a secret of its own.
  const ownSecretNeeded = production || https;
  const where = production ? ' in production' : https ? ' when PUBLIC_URL is https' : '';
  const sessionSecret = env.SESSION_SECRET ?? (ownSecretNeeded ? '' : DEV_SESSION_SECRET);
  if (sessionSecret.length < 16) {
    throw new ConfigError(`SESSION_SECRET must be set to at least 16 characters${where}`);
  }
  // The development value is public (it is in this repository): cookies signed with it can be forged.
  if (ownSecretNeeded && sessionSecret === DEV_SESSION_SECRET) {
    throw new ConfigError(`SESSION_SECRET is the public development value; set a secret of your own${where}`);
  }
  const proxies = trustedProxies(env.TRUST_PROXY);
  // The API itself speaks plain HTTP: https reaches it only through a TLS-terminating proxy.
  if (https && proxies === 0) {
    throw new ConfigError(
      'PUBLIC_URL is https, but the API serves plain HTTP: run it behind a TLS-terminating reverse proxy and set TRUST_PROXY to the number of proxies (usually 1)',
    );
  }
  return {
    port,
    listenBacklog: positiveInteger('LISTEN_BACKLOG', env.LISTEN_BACKLOG, DEFAULT_LISTEN_BACKLOG),
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret,
    timeZone: readTimeZone(env),
    impressum: {
      name: env.IMPRESSUM_NAME ?? 'Platzbuchung Betreiber',
      email: env.IMPRESSUM_EMAIL ?? 'kontakt@platzbuchung.invalid',
      address: env.IMPRESSUM_ADDRESS?.trim() ?? '',
    },
    ui: {
      shellDir: env.SHELL_DIR ?? `${REPO_ROOT}shell/dist`,
      remotes: remoteUrls(env.REMOTE_URLS, publicUrl),
      pageRenderers: {
        shell: `${REPO_ROOT}shell/server-dist/page-render.mjs`,
        remotes: { auth: `${REPO_ROOT}mfe-auth/server-dist/screens.mjs` },
      },
    },
    production,
    demo: env.DEMO === '1',
    registrationsPerClient: positiveInteger('REGISTRATIONS_PER_CLIENT', env.REGISTRATIONS_PER_CLIENT, 30),
    mailRetentionDays: positiveInteger('MAIL_RETENTION_DAYS', env.MAIL_RETENTION_DAYS, 30),
    trustedProxies: proxies,
    live: {
      streamsPerMember: positiveInteger(
        'LIVE_STREAMS_PER_MEMBER',
        env.LIVE_STREAMS_PER_MEMBER,
        defaultLiveConfig.streamsPerMember,
      ),
      streamsPerProcess: positiveInteger(
        'LIVE_STREAMS_PER_PROCESS',
        env.LIVE_STREAMS_PER_PROCESS,
        defaultLiveConfig.streamsPerProcess,
      ),
      heartbeatMs: positiveInteger('LIVE_HEARTBEAT_MS', env.LIVE_HEARTBEAT_MS, defaultLiveConfig.heartbeatMs),
    },
    readReplica: {
      databaseUrl: env.READ_DATABASE_URL || undefined,
      maxLagMs: positiveInteger('READ_REPLICA_MAX_LAG_MS', env.READ_REPLICA_MAX_LAG_MS, 30_000),
      checkEveryMs: positiveInteger('READ_REPLICA_CHECK_MS', env.READ_REPLICA_CHECK_MS, 2_000),
    },
    eventExports: {
      perProcess: positiveInteger('EVENT_EXPORTS_PER_PROCESS', env.EVENT_EXPORTS_PER_PROCESS, 8),
      perClub: positiveInteger('EVENT_EXPORTS_PER_CLUB', env.EVENT_EXPORTS_PER_CLUB, 2),
      stallMs: positiveInteger('EVENT_EXPORT_STALL_MS', env.EVENT_EXPORT_STALL_MS, 60_000),
    },
  };
}

/** `LOG_LEVEL` for every logger of the process; `silent` in tests keeps their output readable. */
export function readLogLevel(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOG_LEVEL ?? 'info';
}

/** The TypeScript sources; production points MIGRATIONS_DIR at their compiled copies (`npm run build`). */
export function readMigrationsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MIGRATIONS_DIR
    ? `${path.resolve(env.MIGRATIONS_DIR)}/`
    : fileURLToPath(new URL('../../../db/migrations/', import.meta.url));
}

/** Source maps show the original source; production serves none (docs/security/browser.md). */
export function readServesSourceMaps(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production';
}

/** What the operators' tools (`npm run events`, `npm run migrate`) need of the environment. */
export interface ToolConfig {
  /** DATABASE_URL, or the embedded PostgreSQL that `npm start` runs (EMBEDDED_PG_PORT, default 54329). */
  databaseUrl: string;
  timeZone: string;
  /** How often `events follow` looks for new events (EVENTS_FOLLOW_POLL_MS, default 500). */
  followPollMs: number;
}

export function readToolConfig(env: NodeJS.ProcessEnv = process.env): ToolConfig {
  const embeddedPort = integer('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, 54329);
  return {
    databaseUrl: env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${embeddedPort}/platzbuchung`,
    timeZone: readTimeZone(env),
    followPollMs: positiveInteger('EVENTS_FOLLOW_POLL_MS', env.EVENTS_FOLLOW_POLL_MS, 500),
  };
}
