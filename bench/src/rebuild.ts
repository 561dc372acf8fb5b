/**
 * Projection rebuild: events per second for rebuilding the read model from the log, next to a plain
 * `INSERT … SELECT` copy of the same event rows in the same database.
 */
import type { Knex } from 'knex';
import { rebuildProjections, verifyProjections } from '@platzbuchung/api/projections/registry';
import type { Figure } from './support/report';
import { median, round } from './support/stats';

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

export async function measureRebuild(db: Knex, runs: number): Promise<Figure[]> {
  const [{ n: events }] = (
    await db.raw("SELECT count(*)::int AS n FROM events WHERE stream_type = 'reservation'")
  ).rows;
  const rebuildMs: number[] = [];
  const copyMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    rebuildMs.push((await timed(() => rebuildProjections(db, ['reservations']))).ms);
    copyMs.push(
      (
        await timed(() =>
          db.transaction(async (trx) => {
            await trx.raw('CREATE TEMP TABLE events_copy (LIKE events) ON COMMIT DROP');
            await trx.raw("INSERT INTO events_copy SELECT * FROM events WHERE stream_type = 'reservation'");
          }),
        )
      ).ms,
    );
  }
  const differences = (await verifyProjections(db)).flatMap((report) => report.differences);
  // The worst case, once: every row is missing, so every row is written back.
  await db('reservations').delete();
  const fromEmpty = await timed(() => rebuildProjections(db, ['reservations']));
  const differencesFromEmpty = (await verifyProjections(db)).flatMap((report) => report.differences);
  const rebuildRate = round(events / (median(rebuildMs) / 1000), 0);
  const copyRate = round(events / (median(copyMs) / 1000), 0);
  return [
    {
      section: 'rebuild',
      name: `rebuild of ${events} events`,
      value: rebuildRate,
      unit: 'events/s',
      baseline: copyRate,
      baselineName: 'INSERT … SELECT',
      target: '≥ 0.25',
    },
    { section: 'rebuild', name: 'rebuild time (median)', value: round(median(rebuildMs), 0), unit: 'ms' },
    {
      section: 'rebuild',
      name: 'differences after rebuild (verify)',
      value: differences.length,
      unit: '',
      target: '0',
    },
    {
      section: 'rebuild',
      name: 'rebuild into an emptied read model (once)',
      value: round(events / (fromEmpty.ms / 1000), 0),
      unit: 'events/s',
      baseline: copyRate,
      baselineName: 'INSERT … SELECT',
    },
    {
      section: 'rebuild',
      name: 'differences after that rebuild (verify)',
      value: differencesFromEmpty.length,
      unit: '',
      target: '0',
    },
  ];
}
