import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['unix socket gone', Object.assign(withCode('ENOENT'), { syscall: 'connect' })],
    ['admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['read_only_sql_transaction', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['connection_failure', withCode('08006')],
    ['no writable host', withCode('NO_WRITABLE_HOST')],
    ['pg: connection ended', new Error('Connection terminated unexpectedly')],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg: broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      'knex acquire timeout',
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED')], 'x')],
    ['wrapped', new Error('query failed', { cause: withCode('57P01') })],
  ])('%s → unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505', 'duplicate key value')],
    ['exclusion violation (an hour held twice)', withCode('23P01')],
    ['serialization failure', withCode('40001')],
    ['syntax error', withCode('42601')],
    ['a missing file', Object.assign(withCode('ENOENT'), { syscall: 'open' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s → not unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops at a cycle of causes', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
