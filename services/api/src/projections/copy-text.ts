/**
 * PostgreSQL's COPY text format (one line per row, tab between columns, `\N` for NULL), read and
 * written over a transaction's own connection. A replay of the whole log moves a million rows each
 * way; COPY spares the per-row protocol messages and parameter handling that dominate at that volume.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** The pg client behind a knex transaction: COPY streams need the connection itself. */
export async function connectionOf(trx: Knex.Transaction): Promise<pg.Client> {
  return (await trx.client.acquireConnection()) as pg.Client;
}

/** How pg connects: a connection string or its options, as the service's knex was given them. */
export type ConnectionSettings = string | pg.ClientConfig;

/**
 * Exports the transaction's snapshot, so other connections can read exactly what it sees (as
 * pg_dump does for parallel dumps). The transaction must not have written to what they read.
 */
export async function exportSnapshot(trx: Knex.Transaction): Promise<string> {
  const [{ snapshot }] = (await trx.raw('SELECT pg_export_snapshot() AS snapshot')).rows;
  return String(snapshot);
}

/** A connection in a read-only transaction on an exported snapshot; `end()` it when done. */
export async function openSnapshotReader(settings: ConnectionSettings, snapshot: string): Promise<pg.Client> {
  const reader = new pg.Client(settings);
  await reader.connect();
  try {
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await reader.query(`SET TRANSACTION SNAPSHOT '${snapshot.replace(/'/g, "''")}'`);
    return reader;
  } catch (error) {
    await reader.end();
    throw error;
  }
}

const UNESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** Undoes COPY's backslash escapes; most fields have none, so the test comes first. */
export function unescapeField(field: string): string {
  return field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => UNESCAPED[c] ?? c) : field;
}

/**
 * Runs `COPY (query) TO STDOUT` and hands over each printed line (without its newline) in order.
 *
 * The stream flows freely into a queue that is worked off between network reads, instead of being
 * pulled chunk by chunk: pulled, the server stops sending whenever Node is busy with a chunk, and on
 * a loaded machine every such hand-over costs a wait for the scheduler. Measured on a million
 * events, that took a replay from 5 s of reading plus the fold to several times as long.
 */
export async function copyLinesOut(
  connection: pg.Client,
  query: string,
  onLine: (line: string) => void,
): Promise<void> {
  const stream = connection.query(copyTo(`COPY (${query}) TO STDOUT`));
  const queue: Buffer[] = [];
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  stream.on('data', (chunk: Buffer) => {
    queue.push(chunk);
    notify();
  });
  stream.on('end', () => {
    finished = true;
    notify();
  });
  stream.on('error', (error) => {
    failure = error;
    notify();
  });
  // Chunks end anywhere, even inside a multi-byte character: only whole lines are decoded.
  let rest: Buffer = Buffer.alloc(0);
  for (;;) {
    if (failure) throw failure;
    const chunk = queue.shift();
    if (!chunk) {
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    const buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const end = buffer.lastIndexOf(0x0a);
    if (end === -1) {
      rest = buffer;
      continue;
    }
    rest = buffer.subarray(end + 1);
    for (const line of buffer.toString('utf8', 0, end).split('\n')) onLine(line);
    // Let the network in before the next chunk.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * A value as one COPY text field, spelt as PostgreSQL itself prints it (NULL as `\N`, booleans as
 * t/f, arrays as `{a,b}` with elements quoted only where needed), so a line can be compared with
 * what `COPY … TO` printed for a stored row.
 */
export function copyField(value: string | number | boolean | null | readonly string[]): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return escapeText(value);
  return escapeText(`{${value.map(arrayElement).join(',')}}`);
}

/** Array elements are quoted when they are empty, spell NULL, or hold a delimiter, quote or space. */
function arrayElement(item: string): string {
  return item === '' || /^null$/i.test(item) || /[{}",\\\s]/.test(item)
    ? `"${item.replace(/(["\\])/g, '\\$1')}"`
    : item;
}

function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : text;
}

/** Lines are gathered into chunks of about this many characters before they go to the socket. */
const CHUNK = 1 << 16;

/** Runs `COPY table (columns) FROM STDIN` with the given lines (each ending in a newline). */
export async function copyLinesIn(
  trx: Knex.Transaction,
  table: string,
  columns: readonly string[],
  lines: Iterable<string>,
): Promise<void> {
  const sink = (await connectionOf(trx)).query(
    copyFrom(`COPY "${table.replace(/"/g, '""')}" (${columns.join(', ')}) FROM STDIN`),
  );
  function* chunks() {
    let chunk = '';
    for (const line of lines) {
      chunk += line;
      if (chunk.length >= CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), sink);
}
