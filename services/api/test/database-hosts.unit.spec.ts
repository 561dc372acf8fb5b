import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  hostResolver,
  knexClientOptions,
  namesSeveralHosts,
  NoWritableHostError,
  parseDatabaseHosts,
} from '@platzbuchung/outbox/database-hosts';

const URL_TWO =
  'postgres://app:geheim@db1:5432,db2:5433/platz?target_session_attrs=read-write&sslmode=disable';

describe('parseDatabaseHosts', () => {
  it('splits the host list into one URL per host, keeping user, database and other parameters', () => {
    const parsed = parseDatabaseHosts(URL_TWO);
    expect(parsed.hosts).toEqual([
      { host: 'db1', port: 5432 },
      { host: 'db2', port: 5433 },
    ]);
    expect(parsed.wantsWritable).toBe(true);
    expect(parsed.urls).toEqual([
      'postgres://app:geheim@db1:5432/platz?sslmode=disable',
      'postgres://app:geheim@db2:5433/platz?sslmode=disable',
    ]);
  });

  it('reads hosts without port, IPv6 in brackets and URLs without user', () => {
    const parsed = parseDatabaseHosts('postgresql://[::1]:6000,localhost/db?target_session_attrs=primary');
    expect(parsed.hosts).toEqual([
      { host: '::1', port: 6000 },
      { host: 'localhost', port: undefined },
    ]);
    expect(parsed.urls).toEqual(['postgresql://[::1]:6000/db', 'postgresql://localhost/db']);
    expect(parsed.wantsWritable).toBe(true);
  });

  it('takes any session without target_session_attrs=read-write', () => {
    expect(parseDatabaseHosts('postgres://a:1,b:2/db').wantsWritable).toBe(false);
    expect(parseDatabaseHosts('postgres://a:1,b:2/db?target_session_attrs=any').wantsWritable).toBe(false);
  });

  it('leaves a single host as it is', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    expect(parseDatabaseHosts(url).urls).toEqual([url]);
    expect(namesSeveralHosts(url)).toBe(false);
    expect(namesSeveralHosts(URL_TWO)).toBe(true);
  });

  it('refuses a port that is not a number', () => {
    expect(() => parseDatabaseHosts('postgres://a:x,b:2/db')).toThrow(/Port/);
  });
});

describe('hostResolver', () => {
  const answers = (writable: Record<string, boolean | Error>) => {
    const asked: string[] = [];
    const check = async (config: pg.ClientConfig) => {
      const host = /@([^:/]+)/.exec(config.connectionString ?? '')?.[1] ?? '';
      asked.push(host);
      const answer = writable[host];
      if (answer instanceof Error) throw answer;
      return answer === true;
    };
    return { asked, check };
  };

  it('connects to the writable host, passing on the extra settings', async () => {
    const { asked, check } = answers({ db1: false, db2: true });
    const config = await hostResolver(URL_TWO, { application_name: 'x' }, check)();
    expect(config).toEqual({
      application_name: 'x',
      connectionString: 'postgres://app:geheim@db2:5433/platz?sslmode=disable',
    });
    expect(asked).toEqual(['db1', 'db2']);
  });

  it('passes over a dead host and asks the host last found writable first', async () => {
    const writable: Record<string, boolean | Error> = { db1: new Error('ECONNREFUSED'), db2: true };
    const { asked, check } = answers(writable);
    const resolve = hostResolver(URL_TWO, {}, check);
    await resolve();
    await resolve();
    expect(asked).toEqual(['db1', 'db2', 'db2']);
    // The failover: db2 becomes a standby, db1 the primary.
    writable.db1 = true;
    writable.db2 = false;
    expect((await resolve()).connectionString).toContain('@db1:5432');
  });

  it('says so when no host is writable, with each host’s reason', async () => {
    const { check } = answers({ db1: new Error('ECONNREFUSED'), db2: false });
    const failure = await hostResolver(URL_TWO, {}, check)().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoWritableHostError);
    expect((failure as NoWritableHostError).code).toBe('NO_WRITABLE_HOST');
    expect((failure as NoWritableHostError).causes).toHaveLength(2);
    expect(String((failure as NoWritableHostError).causes[1])).not.toContain('geheim');
  });

  it('does not probe a single host', async () => {
    const { asked, check } = answers({});
    const config = await hostResolver('postgres://db1/platz', {}, check)();
    expect(config.connectionString).toBe('postgres://db1/platz');
    expect(asked).toEqual([]);
  });
});

describe('knexClientOptions', () => {
  it('is knex’s own client with fixed settings for one host and a client of its own for several', () => {
    expect(knexClientOptions('postgres://db1/platz', { options: '-c x=y' })).toEqual({
      client: 'pg',
      connection: { options: '-c x=y', connectionString: 'postgres://db1/platz' },
    });
    expect(typeof knexClientOptions(URL_TWO).client).toBe('function');
  });
});
