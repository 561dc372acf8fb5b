/**
 * A listener on `GET /api/reservations/stream` as a test sees it: the parsed messages in arrival
 * order, the comments (heartbeats), and a way to wait for them or drop the connection.
 */
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { Db } from '../../src/db/connect';
import type { TestClient } from './client';
import { waitUntil } from './event-log';

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

export interface LiveListener {
  status: number;
  /** The refusal's JSON body, when the stream was refused. */
  error: unknown;
  headers: Headers;
  messages: SseMessage[];
  changes(): LiveChange[];
  ready(): { club_seq: number; resumed: boolean } | undefined;
  comments: number;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  waitForChanges(count: number, timeoutMs?: number): Promise<LiveChange[]>;
  close(): void;
}

/** Splits SSE text into messages (as the HTML standard parses event streams, for the fields the API sends). */
export function parseSse(buffer: string): { messages: SseMessage[]; comments: number; rest: string } {
  const messages: SseMessage[] = [];
  let comments = 0;
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length) messages.push({ id, event, data: data.join('\n') });
  }
  return { messages, comments, rest };
}

export async function listen(
  client: TestClient,
  query: string,
  headers: Record<string, string> = {},
): Promise<LiveListener> {
  return listenAt(`${client.baseUrl}/api/reservations/stream?${query}`, {
    Cookie: client.cookieHeader(),
    ...headers,
  });
}

/** A listener on any live stream's address (a clubhouse screen's carries its secret, no cookie). */
export async function listenAt(url: string, headers: Record<string, string> = {}): Promise<LiveListener> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const listener: LiveListener = {
    status: response.status,
    error: undefined,
    headers: response.headers,
    messages: [],
    comments: 0,
    ended: Promise.resolve(),
    changes: () =>
      listener.messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data) as LiveChange),
    ready: () => {
      const ready = listener.messages.find((m) => m.event === 'ready');
      return ready && (JSON.parse(ready.data) as { club_seq: number; resumed: boolean });
    },
    waitForChanges: async (count, timeoutMs = 20_000) => {
      await waitUntil(`${count} live changes arrived`, () => listener.changes().length >= count, timeoutMs);
      return listener.changes();
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200 || !response.body) {
    listener.error = await response.json().catch(() => undefined);
    return listener;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  listener.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const parsed = parseSse(buffer + value);
        buffer = parsed.rest;
        listener.messages.push(...parsed.messages);
        listener.comments += parsed.comments;
      }
    } catch {
      // Dropped by the test.
    }
  })();
  await waitUntil('the stream is ready', () => listener.ready() !== undefined, 20_000);
  return listener;
}

/** What a test LiveHub writes to one stream, parsed. */
export function capturedSink() {
  let text = '';
  const sink = { writableLength: 0, write: (chunk: string) => (text += chunk), end: () => undefined };
  const messages = () => parseSse(text).messages;
  return {
    sink,
    changes: () => messages().filter((m) => m.event === 'change'),
    ready: () => {
      const ready = messages().find((m) => m.event === 'ready');
      return ready && (JSON.parse(ready.data) as { club_seq: number; resumed: boolean });
    },
  };
}

/** The login a client's session cookie names (the id the API's sessions table keys it by). */
export function sessionIdOf(client: TestClient): string {
  const pair = client
    .cookieHeader()
    .split('; ')
    .find((cookie) => cookie.startsWith('pb.sid='));
  if (!pair) throw new Error('the client is not logged in');
  return pair.slice('pb.sid='.length);
}

interface KnexQuery {
  sql: string;
  bindings?: readonly unknown[];
}
type QueryRunner = (connection: unknown, query: KnexQuery) => Promise<unknown>;

/**
 * Holds back the queries of `db` that `match` picks until `release()`, as a slow database would:
 * knex sends every query through its client's `_query`, the one place to wait in front of them.
 */
export function holdQueries(db: Db, match: (query: KnexQuery) => boolean) {
  const client = db.client as unknown as { _query: QueryRunner };
  const original = client._query;
  let reachedResolve!: () => void;
  const reached = new Promise<void>((resolve) => (reachedResolve = resolve));
  let releaseResolve!: () => void;
  const released = new Promise<void>((resolve) => (releaseResolve = resolve));
  client._query = async function (this: unknown, connection, query) {
    if (match(query)) {
      reachedResolve();
      await released;
    }
    return original.call(this, connection, query);
  };
  return {
    reached,
    release: () => releaseResolve(),
    restore: () => {
      releaseResolve();
      client._query = original;
    },
  };
}
