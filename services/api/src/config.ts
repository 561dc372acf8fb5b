import { fileURLToPath } from 'node:url';

/**
 * Configuration comes only from the environment (DESIGN section 6), read and checked once at start.
 * The README lists every variable with the defaults given here.
 */
export interface Config {
  port: number;
  publicUrl: string;
  /** Unset means: run an embedded PostgreSQL (only the start script does that). */
  databaseUrl: string | undefined;
  redisUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  timeZone: string;
  impressum: { name: string; email: string };
  /** The built shell the API serves at /, and where the browser finds each remote. */
  ui: { shellDir: string; remotes: Record<string, string> };
  production: boolean;
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', env.PORT, 3000);
  const sessionSecret = env.SESSION_SECRET ?? (production ? '' : DEV_SESSION_SECRET);
  if (sessionSecret.length < 16) {
    throw new ConfigError('SESSION_SECRET must be set to at least 16 characters in production');
  }
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    port,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Platzbuchung <no-reply@localhost>',
    sessionSecret,
    timeZone: timeZone(env.APP_TIMEZONE ?? 'Europe/Berlin'),
    impressum: {
      name: env.IMPRESSUM_NAME ?? 'Platzbuchung Betreiber',
      email: env.IMPRESSUM_EMAIL ?? 'kontakt@platzbuchung.invalid',
    },
    ui: {
      shellDir: env.SHELL_DIR ?? `${REPO_ROOT}shell/dist`,
      remotes: remoteUrls(env.REMOTE_URLS, publicUrl),
    },
    production,
  };
}
