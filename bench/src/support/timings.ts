/**
 * Where a request's time goes inside the bench's API process (BENCH_TIMINGS=1): from the socket's
 * accept to its request being parsed, the request in the app until its answer is written, the bytes
 * written, the wait for a pooled database connection, and the database statements by kind (the
 * session lookup, the club lock, the others). Measured by hooks around node:http, the pool and
 * pg's `query`, so the product's code is measured unchanged. The bench asks for a summary over IPC
 * and the counters start again.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import pg from 'pg';
import type { Knex } from 'knex';

type Kind = 'accept → request parsed' | 'request → answer written' | 'pool wait' | StatementKind;
type StatementKind = 'statement: session lookup' | 'statement: club lock' | 'statement: other';

const samples = new Map<Kind, number[]>();
let bytesOut = 0;
let requests = 0;
let connections = 0;

function add(kind: Kind, ms: number) {
  let list = samples.get(kind);
  if (!list) samples.set(kind, (list = []));
  list.push(ms);
}

function kindOf(text: string): StatementKind {
  if (/"sessions"|join sessions|from sessions/i.test(text)) return 'statement: session lookup';
  if (text.includes('advisory_xact_lock')) return 'statement: club lock';
  return 'statement: other';
}

type Query = (...args: unknown[]) => unknown;

/** Times every statement sent through pg, callback or promise alike; COPY streams pass untimed. */
function timePg() {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
    if (first && typeof first === 'object' && 'submit' in first && !first.text)
      return original.apply(this, args);
    const kind = kindOf(typeof first === 'string' ? first : (first?.text ?? ''));
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        add(kind, performance.now() - started);
        return (callback as Query)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise)
      void result.finally(() => add(kind, performance.now() - started)).catch(() => {});
    return result;
  };
}

/** The pool's wait for a connection (tarn's acquire events). */
function timePool(db: Knex) {
  const pool = (db.client as { pool?: { on(event: string, listener: (id: number) => void): void } }).pool;
  if (!pool) return;
  const asked = new Map<number, number>();
  pool.on('acquireRequest', (id) => asked.set(id, performance.now()));
  pool.on('acquireSuccess', (id) => {
    const at = asked.get(id);
    asked.delete(id);
    if (at !== undefined) add('pool wait', performance.now() - at);
  });
}

function timeServer(server: Server) {
  const acceptedAt = new WeakMap<Socket, number>();
  server.on('connection', (socket: Socket) => {
    connections++;
    acceptedAt.set(socket, performance.now());
  });
  server.on('request', (request, response) => {
    const started = performance.now();
    const accepted = acceptedAt.get(request.socket);
    // Only a connection's first request waited for its accept.
    if (accepted !== undefined) add('accept → request parsed', started - accepted);
    acceptedAt.delete(request.socket);
    requests++;
    response.on('finish', () => {
      add('request → answer written', performance.now() - started);
      const length = Number(response.getHeader('content-length') ?? 0);
      bytesOut += Number.isFinite(length) ? length : 0;
    });
  });
}

export function instrument(server: Server, db: Knex): void {
  timePg();
  timePool(db);
  timeServer(server);
}

export interface TimingSummary {
  connections: number;
  requests: number;
  bytesPerAnswer: number;
  /** Per kind: how many, p50, p99 and the sum in ms. */
  kinds: Record<string, { count: number; p50: number; p99: number; totalMs: number }>;
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

export function takeTimings(): TimingSummary {
  const kinds: TimingSummary['kinds'] = {};
  for (const [kind, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    kinds[kind] = {
      count: sorted.length,
      p50: round(at(sorted, 0.5)),
      p99: round(at(sorted, 0.99)),
      totalMs: round(sorted.reduce((s, v) => s + v, 0)),
    };
  }
  const summary = {
    connections,
    requests,
    bytesPerAnswer: requests ? Math.round(bytesOut / requests) : 0,
    kinds,
  };
  samples.clear();
  bytesOut = 0;
  requests = 0;
  connections = 0;
  return summary;
}
