import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/catalogue';
import type { ReservationEvent } from '../../src/reservations/events';
import { evolve, replay } from '../../src/reservations/evolve';
import { made, row } from './support/fixtures';

const series = made('r-1', { recurring: true, label: 'Training' });

describe('when nothing has happened yet', () => {
  it('a made reservation becomes a row with exactly the API’s Reservation fields, _id the stream id', () => {
    const state = evolve(null, made('r-1'));
    expect(state).toEqual(row({ _id: 'r-1' }));
    expect(Object.keys(state ?? {}).sort()).toEqual(
      [
        '_id',
        'club_id',
        'user_id',
        'court_num',
        'start_time',
        'end_time',
        'date',
        'label',
        'recurring',
        'deleted_dates',
        'end_date',
      ].sort(),
    );
  });

  it('keeps the label of a labelled series', () => {
    expect(evolve(null, series)).toMatchObject({ label: 'Training', recurring: true });
  });

  it('ignores later events of a stream that never started', () => {
    expect(
      evolve(null, { type: 'OccurrenceCancelled', reservation_id: 'r-1', data: { date: '2026-11-30' } }),
    ).toBeNull();
    expect(
      evolve(null, { type: 'SeriesEnded', reservation_id: 'r-1', data: { end_date: '2026-11-30' } }),
    ).toBeNull();
  });
});

describe('when a series runs', () => {
  const state = evolve(null, series);

  it('a cancelled occurrence joins deleted_dates, sorted and once only', () => {
    const cancel = (date: string): ReservationEvent => ({
      type: 'OccurrenceCancelled',
      reservation_id: 'r-1',
      data: { date },
    });
    const after = [cancel('2026-12-14'), cancel('2026-11-30'), cancel('2026-12-14')].reduce(evolve, state);
    expect(after?.deleted_dates).toEqual(['2026-11-30', '2026-12-14']);
  });

  it('an ended series gets its end_date', () => {
    expect(
      evolve(state, { type: 'SeriesEnded', reservation_id: 'r-1', data: { end_date: '2026-12-07' } }),
    ).toMatchObject({
      end_date: '2026-12-07',
    });
  });

  it('does not change the state it was given', () => {
    evolve(state, { type: 'OccurrenceCancelled', reservation_id: 'r-1', data: { date: '2026-11-30' } });
    expect(state?.deleted_dates).toEqual([]);
  });

  it('a cancelled reservation is gone', () => {
    expect(
      evolve(state, { type: 'ReservationCancelled', reservation_id: 'r-1', data: { delete_type: 'all' } }),
    ).toBeNull();
  });
});

describe('replaying the log', () => {
  const envelope = <E extends ReservationEvent>(
    event: E,
    position: number,
    version: number,
  ): EventEnvelope<E> => ({
    ...event,
    position,
    club_seq: position,
    stream_type: 'reservation',
    version,
    club_id: 'club-1',
    actor_id: 'user-admin',
    occurred_at: new Date(Date.UTC(2026, 10, 20, 8, position)).toISOString(),
  });
  const log: EventEnvelope<ReservationEvent>[] = [
    envelope(series, 1, 1),
    envelope(made('r-2', { court_num: '1' }), 2, 1),
    envelope({ type: 'OccurrenceCancelled', reservation_id: 'r-1', data: { date: '2026-11-30' } }, 3, 2),
    envelope({ type: 'ReservationCancelled', reservation_id: 'r-2', data: {} }, 4, 2),
  ];

  it('folds stored envelopes of many streams into the rows that remain, without envelope fields', () => {
    const rows = replay(log);
    expect([...rows.keys()]).toEqual(['r-1']);
    expect(rows.get('r-1')).toEqual(
      row({ _id: 'r-1', recurring: true, label: 'Training', deleted_dates: ['2026-11-30'] }),
    );
  });

  it('shows the reservations as they were at an earlier position', () => {
    const asOf = replay(log.filter((event) => event.position <= 2));
    expect([...asOf.keys()]).toEqual(['r-1', 'r-2']);
    expect(asOf.get('r-1')?.deleted_dates).toEqual([]);
  });
});
