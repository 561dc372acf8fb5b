import pg from 'pg';
import knex, { type Knex } from 'knex';

/**
 * Several hosts in one `DATABASE_URL` (`postgres://h1:p1,h2:p2/db?target_session_attrs=read-write`),
 * as libpq reads them: `pg` takes one host only, so this module splits the list and finds the
 * writable one itself (docs/operations.md, "Pointing the product at the formation"). The API, the
 * mailer, the CLIs and the migrations connect through it; a single host passes through unchanged.
 */

export interface DatabaseHost {
  readonly host: string;
  readonly port: number | undefined;
}

export interface DatabaseHosts {
  readonly hosts: readonly DatabaseHost[];
  /** libpq's `target_session_attrs`: `read-write` (or `primary`) asks for the writable host. */
  readonly wantsWritable: boolean;
  /** One connection string per host, in the order given, without `target_session_attrs`. */
  readonly urls: readonly string[];
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/]*)@)?([^/?#]*)(.*)$/s;

function splitHost(entry: string): DatabaseHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] ? Number(bracketed[2]) : undefined };
  const colon = entry.lastIndexOf(':');
  if (colon < 0) return { host: entry, port: undefined };
  const port = entry.slice(colon + 1);
  if (!/^\d+$/.test(port)) throw new Error(`DATABASE_URL: Port „${port}“ ist keine Zahl`);
  return { host: entry.slice(0, colon), port: Number(port) };
}

function withoutTargetAttrs(rest: string): { rest: string; target: string | undefined } {
  const query = rest.indexOf('?');
  if (query < 0) return { rest, target: undefined };
  const params = new URLSearchParams(rest.slice(query + 1));
  const target = params.get('target_session_attrs') ?? undefined;
  params.delete('target_session_attrs');
  const left = params.toString();
  return { rest: rest.slice(0, query) + (left ? `?${left}` : ''), target };
}

export function parseDatabaseHosts(databaseUrl: string): DatabaseHosts {
  const parts = URL_PARTS.exec(databaseUrl);
  if (!parts) return { hosts: [], wantsWritable: false, urls: [databaseUrl] };
  const [, scheme = '', auth, hostList = '', tail = ''] = parts;
  const { rest, target } = withoutTargetAttrs(tail);
  const hosts = hostList.split(',').map(splitHost);
  const prefix = scheme + (auth !== undefined ? `${auth}@` : '');
  const urls = hosts.map(({ host, port }) => {
    const name = host.includes(':') ? `[${host}]` : host;
    return prefix + name + (port !== undefined ? `:${port}` : '') + rest;
  });
  return { hosts, wantsWritable: target === 'read-write' || target === 'primary', urls };
}

/** True when the URL names more than one host: only then is a host looked for on each connection. */
export function namesSeveralHosts(databaseUrl: string): boolean {
  return parseDatabaseHosts(databaseUrl).hosts.length > 1;
}

/** No host of the list took a connection as writable: the formation is between primaries. */
export class NoWritableHostError extends Error {
  readonly code = 'NO_WRITABLE_HOST';
  constructor(readonly causes: readonly unknown[]) {
    super('Kein beschreibbarer Datenbank-Host erreichbar');
  }
}

/** A dead host must not hold up the next: a host that does not answer is given up quickly. */
const PROBE_TIMEOUT_MS = 3_000;

async function isWritable(config: pg.ClientConfig): Promise<boolean> {
  const probe = new pg.Client({ ...config, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  // A probe that loses its server after connecting must not crash the process.
  probe.on('error', () => undefined);
  await probe.connect();
  try {
    const { rows } = await probe.query<{ recovery: boolean; read_only: string }>(
      "SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only",
    );
    return rows[0]?.recovery === false && rows[0]?.read_only === 'off';
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * The settings of the host to connect to: the first writable one when the URL asks for it (the
 * host last found writable is asked first), else the first that answers. A single host is not
 * probed: its connection's own error says what is wrong.
 */
export function hostResolver(
  databaseUrl: string,
  extra: Omit<pg.ClientConfig, 'connectionString'> = {},
  check: (config: pg.ClientConfig) => Promise<boolean> = isWritable,
): () => Promise<pg.ClientConfig> {
  const { urls, wantsWritable } = parseDatabaseHosts(databaseUrl);
  let last = 0;
  return async () => {
    if (urls.length <= 1) return { ...extra, connectionString: urls[0] ?? databaseUrl };
    const causes: unknown[] = [];
    for (let i = 0; i < urls.length; i++) {
      const index = (last + i) % urls.length;
      const url = urls[index] ?? databaseUrl;
      const config: pg.ClientConfig = { ...extra, connectionString: url };
      try {
        if (!wantsWritable || (await check(config))) {
          last = index;
          return config;
        }
        causes.push(new Error(`${url.replace(/\/\/[^@/]*@/, '//')}: nicht beschreibbar`));
      } catch (error) {
        causes.push(error);
      }
    }
    throw new NoWritableHostError(causes);
  };
}

/** The members of knex's PostgreSQL dialect that the multi-host client below takes over. */
interface PgDialect {
  connectionSettings: object;
  _acquireOnlyConnection(): Promise<pg.Client>;
  _query(connection: KnexPgConnection, query: unknown): Promise<unknown>;
}
/** knex drops a pooled connection on its release when this is set (what its own 'error' handler does). */
type KnexPgConnection = pg.Client & { __knex__disposed?: unknown };
type PgDialectClass = new (config: Knex.Config) => PgDialect;

/** PostgreSQL's "cannot execute … in a read-only transaction": the server became a standby. */
const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * knex's `client` and `connection` for a URL. One host: knex's own PostgreSQL client with fixed
 * settings. Several hosts: a subclass of it that looks for the writable host before each new pooled
 * connection, so a pool that lost its primary connects to the new one without a restart, and
 * drops a connection whose server answered that it is read-only (a demoted primary) instead of
 * handing it out again.
 */
export function knexClientOptions(
  databaseUrl: string,
  extra: Omit<pg.ClientConfig, 'connectionString'> = {},
): Pick<Knex.Config, 'client' | 'connection'> {
  if (!namesSeveralHosts(databaseUrl)) {
    return {
      client: 'pg',
      connection: { ...extra, connectionString: databaseUrl } as Knex.PgConnectionConfig,
    };
  }
  const resolve = hostResolver(databaseUrl, extra);
  // knex exports no class of its PostgreSQL dialect; an instance without a connection (no pool)
  // hands it over, typed by the members used here.
  const PgBase = knex({ client: 'pg' }).client.constructor as unknown as PgDialectClass;
  class MultiHostPg extends PgBase {
    override async _acquireOnlyConnection(): Promise<pg.Client> {
      // Also what a replay worker reads to open its own connection to the same host.
      this.connectionSettings = await resolve();
      return super._acquireOnlyConnection();
    }

    override async _query(connection: KnexPgConnection, query: unknown): Promise<unknown> {
      try {
        return await super._query(connection, query);
      } catch (error) {
        if ((error as { code?: unknown }).code === READ_ONLY_SQL_TRANSACTION)
          connection.__knex__disposed = error;
        throw error;
      }
    }
  }
  // knex takes a dialect class as `client`; its typings name only its own base class.
  return {
    client: MultiHostPg as unknown as typeof Knex.Client,
    connection: { ...extra } as Knex.PgConnectionConfig,
  };
}
