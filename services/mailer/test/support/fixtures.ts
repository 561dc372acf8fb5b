import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import pg from 'pg';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { connectOutboxDb } from '../../src/mail-service';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import type { ResetMailPayload } from '@platzbuchung/outbox/outbox';

declare module 'vitest' {
  // Provided by the int tests' global setup (services/api/test/support/global-setup.ts).
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** A real pino logger whose JSON lines the test can read back. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  );
  return { logger, lines };
}

/** Each test gets its own queue, so tests never see each other's jobs. */
export function uniqueQueueName(label: string): string {
  return `test-mail-${label}-${randomUUID().slice(0, 8)}`;
}

export interface ResetMailFields extends ResetMailPayload {
  readonly to: string;
}

export function resetRequest(overrides: Partial<ResetMailFields> = {}): ResetMailFields {
  const token = randomUUID().replace(/-/g, '');
  return {
    to: 'juergen@club.example',
    firstName: 'Jürgen',
    lastName: 'Müller-Lüdenscheidt',
    resetUrl: `http://localhost:8080/reset-password?token=${token}abc`,
    ...overrides,
  };
}

/** Writes a password-reset mail into the outbox, as the API does; answers its id. */
export async function insertResetMail(
  db: Knex | Knex.Transaction,
  fields: ResetMailFields = resetRequest(),
): Promise<string> {
  const { to, ...payload } = fields;
  return (await insertOutboxMail(db, {
    kind: 'password-reset',
    to,
    toName: `${payload.firstName} ${payload.lastName}`,
    payload,
  }))!;
}

/** The server tests create their databases on, as the API's tests do. */
function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database (a copy of the int tests' template) and how to drop it. */
export async function createOutboxDatabase(): Promise<{ db: Knex; url: string; drop(): Promise<void> }> {
  const name = `pb_mail_${process.pid}_${randomUUID().slice(0, 8)}`;
  await onAdmin(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  const db = connectOutboxDb(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Removes the queue with all its jobs. */
export async function removeQueue(queueName: string): Promise<void> {
  const queue = new Queue(queueName, { connection: { url: redisUrl } });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string | (() => string),
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface TsxProcess {
  readonly child: ChildProcess;
  readonly lines: LogLine[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  waitForLog(msg: string, timeoutMs?: number): Promise<LogLine>;
}

/**
 * Runs a TypeScript entry in its own Node process with tsx's loader. `node --import tsx` instead of
 * the `tsx` binary keeps it one process, so a signal reaches the worker itself, not a wrapper.
 */
export function spawnTsx(entry: string, env: Record<string, string>): TsxProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        lines.push({ level: 30, msg: line });
      }
    }
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      if (stderr.trim()) lines.push({ level: 50, msg: `stderr: ${stderr.trim()}` });
      resolve({ code, signal, at: Date.now() });
    }),
  );
  return {
    child,
    lines,
    exited,
    waitForLog: (msg, timeoutMs = 20_000) =>
      waitFor(
        () => lines.find((line) => line.msg === msg),
        () => `log line "${msg}" (got: ${JSON.stringify(lines)})`,
        timeoutMs,
      ),
  };
}
