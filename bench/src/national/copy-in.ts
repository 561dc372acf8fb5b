/**
 * Bulk loading for the national generator: COPY streams fed in large pieces, and a table's indexes
 * and unique constraints set aside while it is filled. Building an index once over ten million
 * sorted rows is several times cheaper than ten million random insertions into it, above all into
 * an index of random stream ids much larger than PostgreSQL's buffers.
 */
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A COPY … FROM STDIN that takes lines and sends them in pieces of about a megabyte. */
export class CopyIn {
  private pending: string[] = [];
  private size = 0;
  private stream: ReturnType<typeof copyFrom> | undefined;
  private finished: Promise<void> | undefined;

  constructor(
    private readonly client: pg.Client,
    private readonly statement: string,
  ) {}

  private open() {
    const stream = this.client.query(copyFrom(this.statement));
    this.finished = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    this.stream = stream;
    return stream;
  }

  /** Adds one line (its newline included); waits when PostgreSQL is behind. */
  async line(text: string): Promise<void> {
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const stream = this.stream ?? this.open();
    const piece = this.pending.join('');
    this.pending = [];
    this.size = 0;
    if (!stream.write(piece)) await once(stream, 'drain');
  }

  /** Ends this COPY (one transaction); the next line opens another. */
  async end(): Promise<void> {
    await this.flush();
    if (!this.stream) return;
    this.stream.end();
    await this.finished;
    this.stream = undefined;
  }
}

interface SetAside {
  restore: string[];
}

/** A table to fill; `primaryKey`: set its primary key aside too (random keys, nothing refers to it). */
interface LoadedTable {
  table: string;
  primaryKey: boolean;
}

/**
 * Drops the table's indexes and unique constraints (the primary key if asked), remembering how
 * PostgreSQL itself prints them, so they come back exactly as the migrations made them.
 */
async function setAside(client: pg.Client, { table, primaryKey }: LoadedTable): Promise<SetAside> {
  const { rows: constraints } = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND (contype = 'u' OR (contype = 'p' AND $2))`,
    [table, primaryKey],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = $1::regclass AND NOT i.indisprimary
       AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [table],
  );
  for (const { name } of constraints) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${name}"`);
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  return {
    restore: [
      ...constraints.map(
        ({ name, definition }) => `ALTER TABLE ${table} ADD CONSTRAINT "${name}" ${definition}`,
      ),
      ...indexes.map(({ definition }) => definition),
    ],
  };
}

/** Runs `work` with the tables' secondary indexes dropped, then builds them again. */
export async function withoutSecondaryIndexes(
  client: pg.Client,
  tables: readonly LoadedTable[],
  work: () => Promise<void>,
): Promise<void> {
  const asides: SetAside[] = [];
  for (const table of tables) asides.push(await setAside(client, table));
  await work();
  // Sorting for an index build wants memory; the session's own, not the server's default.
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const aside of asides) for (const statement of aside.restore) await client.query(statement);
}
