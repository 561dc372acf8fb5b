import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readToolConfig } from '../src/config';

const SECRET = 'a-real-secret-of-some-length';

describe('readConfig', () => {
  it("reads the listen backlog from LISTEN_BACKLOG, the kernel's usual bound of 4096 when unset", () => {
    expect(readConfig({}).listenBacklog).toBe(4096);
    expect(readConfig({ LISTEN_BACKLOG: '511' }).listenBacklog).toBe(511);
    expect(() => readConfig({ LISTEN_BACKLOG: '0' })).toThrow(/LISTEN_BACKLOG must be a whole number/);
  });

  it('counts trusted proxies: unset is none, a number is that many', () => {
    expect(readConfig({}).trustedProxies).toBe(0);
    expect(readConfig({ TRUST_PROXY: '0' }).trustedProxies).toBe(0);
    expect(readConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
  });

  it('bounds live streams per member and per process, with defaults, and sets their heartbeat', () => {
    expect(readConfig({}).live).toEqual({
      streamsPerMember: 10,
      streamsPerProcess: 5_000,
      heartbeatMs: 25_000,
    });
    expect(
      readConfig({ LIVE_STREAMS_PER_MEMBER: '3', LIVE_STREAMS_PER_PROCESS: '200', LIVE_HEARTBEAT_MS: '500' })
        .live,
    ).toEqual({ streamsPerMember: 3, streamsPerProcess: 200, heartbeatMs: 500 });
    for (const name of ['LIVE_STREAMS_PER_MEMBER', 'LIVE_STREAMS_PER_PROCESS', 'LIVE_HEARTBEAT_MS']) {
      expect(() => readConfig({ [name]: '0' }), name).toThrow(new RegExp(`${name} must be a whole number`));
    }
  });

  it('reads lagging reads from READ_DATABASE_URL when set, with a lag bound and a check interval', () => {
    expect(readConfig({}).readReplica).toEqual({
      databaseUrl: undefined,
      maxLagMs: 30_000,
      checkEveryMs: 2_000,
    });
    expect(
      readConfig({
        READ_DATABASE_URL: 'postgres://replica.example/pb',
        READ_REPLICA_MAX_LAG_MS: '5000',
        READ_REPLICA_CHECK_MS: '500',
      }).readReplica,
    ).toEqual({ databaseUrl: 'postgres://replica.example/pb', maxLagMs: 5_000, checkEveryMs: 500 });
    for (const name of ['READ_REPLICA_MAX_LAG_MS', 'READ_REPLICA_CHECK_MS']) {
      expect(() => readConfig({ [name]: 'soon' }), name).toThrow(
        new RegExp(`${name} must be a whole number`),
      );
    }
  });

  it('refuses a TRUST_PROXY that is no count of proxies', () => {
    for (const value of ['true', 'yes', '-1', '1.5', '10.0.0.1']) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be the number/);
    }
  });

  it('refuses the development session secret in production and behind https', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ PUBLIC_URL: 'https://platz.example', TRUST_PROXY: '1' })).toThrow(
      /SESSION_SECRET must be set/,
    );
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'platzbuchung-development-secret-change-me',
      }),
    ).toThrow(/public development value/);
    expect(() =>
      readConfig({
        PUBLIC_URL: 'https://platz.example',
        TRUST_PROXY: '1',
        SESSION_SECRET: 'platzbuchung-development-secret-change-me',
      }),
    ).toThrow(/public development value; set a secret of your own when PUBLIC_URL is https/);
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
  });

  it('refuses a short secret anywhere and keeps the development default on plain http', () => {
    expect(() => readConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 16/);
    expect(readConfig({}).sessionSecret.length).toBeGreaterThanOrEqual(16);
  });

  it('refuses an https PUBLIC_URL without a proxy, with a message that says what to do', () => {
    expect(() => readConfig({ PUBLIC_URL: 'https://platz.example', SESSION_SECRET: SECRET })).toThrow(
      /TLS-terminating reverse proxy and set TRUST_PROXY/,
    );
    const config = readConfig({
      PUBLIC_URL: 'https://platz.example',
      SESSION_SECRET: SECRET,
      TRUST_PROXY: '1',
    });
    expect(config.publicUrl).toBe('https://platz.example');
  });
});

describe('readToolConfig', () => {
  it('points the tools at DATABASE_URL, or at the embedded PostgreSQL that npm start runs', () => {
    expect(readToolConfig({ DATABASE_URL: 'postgres://db.example/club' }).databaseUrl).toBe(
      'postgres://db.example/club',
    );
    expect(readToolConfig({}).databaseUrl).toBe('postgres://postgres:postgres@127.0.0.1:54329/platzbuchung');
    expect(readToolConfig({ EMBEDDED_PG_PORT: '5555' }).databaseUrl).toBe(
      'postgres://postgres:postgres@127.0.0.1:5555/platzbuchung',
    );
  });

  it('refuses a poll interval or port that is no number, naming the variable', () => {
    expect(() => readToolConfig({ EVENTS_FOLLOW_POLL_MS: 'soon' })).toThrow(/EVENTS_FOLLOW_POLL_MS/);
    expect(() => readToolConfig({ EMBEDDED_PG_PORT: 'x' })).toThrow(/EMBEDDED_PG_PORT/);
    expect(readToolConfig({ EVENTS_FOLLOW_POLL_MS: '50' }).followPollMs).toBe(50);
  });
});
