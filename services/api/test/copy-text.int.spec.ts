import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../src/db/connect';
import {
  connectionOf,
  copyLinesIn,
  copyLinesOut,
  unescapeField,
  exportSnapshot,
  openSnapshotReader,
} from '../src/projections/copy-text';
import { COLUMNS, rowLine } from '../src/projections/reservations-replay';
import { createTestDatabase } from './support/test-api';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let clubId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [{ id: clubId }] = await db('clubs')
    .insert({ name: 'Copy', courts_count: 4, start_hour: 8, end_hour: 22, reservations_limit: 3 })
    .returning('id');
});
afterAll(async () => {
  await database.drop();
});

const awkwardLabels = [
  null,
  '',
  'Training',
  'Tab\there',
  'Zeile\nzwei',
  'Wagen\rrücklauf',
  'Back\\slash',
  'Anführungszeichen "x" und \'y\'',
  'NULL',
  '\\N',
  'Ümläute, Emoji 🎾 und {Klammern}',
];

function reservation(index: number, label: string | null): Reservation {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    club_id: clubId,
    user_id: '11111111-1111-4111-8111-111111111111',
    court_num: String(1 + (index % 4)),
    start_time: 8 + index,
    end_time: 9 + index,
    date: '2026-11-23',
    label,
    recurring: index % 2 === 0,
    deleted_dates: index % 3 === 0 ? ['2026-11-30', '2026-12-07'] : [],
    end_date: index % 2 === 0 ? '2027-03-01' : null,
    group_id: index % 4 === 0 ? '22222222-2222-4222-8222-222222222222' : null,
  };
}

describe('rows travel through COPY exactly as PostgreSQL spells them', () => {
  it('a row written with its line reads back as the same line, whatever its label holds', async () => {
    const rows = awkwardLabels.map((label, index) => reservation(index, label));
    await db.transaction(async (trx) => {
      const lines = rows.map((row, index) => `${rowLine(row, index + 1)}\n`);
      await copyLinesIn(trx, 'reservations', COLUMNS, lines);
      const printed: string[] = [];
      await copyLinesOut(
        await connectionOf(trx),
        `SELECT ${COLUMNS.join(', ')} FROM reservations ORDER BY start_time`,
        (line) => printed.push(line),
      );
      expect(printed).toEqual(rows.map((row, index) => rowLine(row, index + 1)));
      const stored: { label: string | null }[] = await trx('reservations')
        .orderBy('start_time')
        .select('label');
      expect(stored.map((row) => row.label)).toEqual(awkwardLabels);
      await trx.raw('DELETE FROM reservations');
    });
  });

  it('readers on an exported snapshot see what the transaction saw, not what committed later', async () => {
    await db.transaction(async (trx) => {
      await trx.raw('SELECT count(*) FROM clubs');
      const snapshot = await exportSnapshot(trx);
      await db('clubs').insert({
        name: 'Later',
        courts_count: 1,
        start_hour: 8,
        end_hour: 9,
        reservations_limit: 1,
      });
      const reader = await openSnapshotReader(database.url, snapshot);
      try {
        const names: string[] = [];
        await copyLinesOut(reader, 'SELECT name FROM clubs ORDER BY name', (line) => names.push(line));
        expect(names).toEqual(['Copy']);
      } finally {
        await reader.end();
      }
    });
  });

  it('undoes the escapes COPY prints', () => {
    expect(unescapeField('a\\tb\\nc\\\\d\\re')).toBe('a\tb\nc\\d\re');
    expect(unescapeField('{"label": "say \\\\"hi\\\\""}')).toBe('{"label": "say \\"hi\\""}');
  });
});
