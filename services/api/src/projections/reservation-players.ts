/**
 * The co-players of each live booking (docs/who-plays.md): `reservation_players`,
 * folded from the reservation streams with the domain's own fold, so the rules, the lists and a
 * rebuild see the same players. Guests appear by id; their names are in `reservation_guests`.
 */
import type { Knex } from 'knex';
import {
  eventFromStored,
  eventTypes,
  streamTypeOf,
  type EventEnvelope,
  type EventType,
} from '@platzbuchung/domain/events/catalogue';
import type { PlayerRef, ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { replay } from '@platzbuchung/domain/reservations/evolve';
import type { Projection, ProjectionDifference } from './projection';

type PlayerRow = {
  reservation_id: string;
  club_id: string;
  ordinal: number;
  user_id: string | null;
  guest_id: string | null;
  fee_cents: number;
};

const rowsOf = (reservationId: string, clubId: string, players: readonly PlayerRef[]): PlayerRow[] =>
  players.map((p, ordinal) => ({
    reservation_id: reservationId,
    club_id: clubId,
    ordinal,
    user_id: 'user_id' in p ? p.user_id : null,
    guest_id: 'guest_id' in p ? p.guest_id : null,
    fee_cents: 'guest_id' in p ? p.fee_cents : 0,
  }));

/** The co-players a booking names now, as the table holds them. */
async function playersOf(trx: Knex, reservationId: string): Promise<PlayerRef[]> {
  const rows: PlayerRow[] = await trx('reservation_players')
    .where({ reservation_id: reservationId })
    .orderBy('ordinal');
  return rows.map((r) =>
    r.user_id ? { user_id: r.user_id } : { guest_id: r.guest_id!, fee_cents: r.fee_cents },
  );
}

async function replacePlayers(
  trx: Knex,
  reservationId: string,
  clubId: string,
  players: readonly PlayerRef[],
) {
  await trx('reservation_players').where({ reservation_id: reservationId }).delete();
  if (players.length) await trx('reservation_players').insert(rowsOf(reservationId, clubId, players));
}

async function apply(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void> {
  for (const event of events as readonly EventEnvelope<ReservationEvent>[]) {
    switch (event.type) {
      case 'ReservationMade':
        if (event.data.players?.length) {
          await replacePlayers(trx, event.reservation_id, event.club_id, event.data.players);
        }
        break;
      case 'ReservationChanged':
        if (event.data.players)
          await replacePlayers(trx, event.reservation_id, event.club_id, event.data.players);
        break;
      case 'CoPlayerLeft': {
        const left = (await playersOf(trx, event.reservation_id)).filter(
          (p) => !('user_id' in p) || p.user_id !== event.data.user_id,
        );
        await replacePlayers(trx, event.reservation_id, event.club_id, left);
        break;
      }
      case 'ReservationCancelled':
        await trx('reservation_players').where({ reservation_id: event.reservation_id }).delete();
        break;
      default:
        break;
    }
  }
}

/** Every live booking's co-players, folded from the whole log. */
async function replayed(trx: Knex.Transaction): Promise<PlayerRow[]> {
  const { rows: stored } = await trx.raw(
    `SELECT stream_id, type, data FROM events WHERE stream_type = 'reservation' ORDER BY position`,
  );
  const events = (stored as { stream_id: string; type: EventType; data: unknown }[]).map(
    (e) => eventFromStored(e.type, e.stream_id, e.data) as ReservationEvent,
  );
  const rows = replay(events);
  return [...rows.values()].flatMap((r) => rowsOf(r._id, r.club_id, r.co_players ?? []));
}

const key = (r: PlayerRow) => `${r.reservation_id}/${r.ordinal}`;
const comparable = (r: PlayerRow) =>
  JSON.stringify([r.reservation_id, r.club_id, r.ordinal, r.user_id, r.guest_id, r.fee_cents]);

export const reservationPlayersProjection: Projection = {
  name: 'reservation-players',
  handles: eventTypes.filter((type) => streamTypeOf(type) === 'reservation'),
  tables: ['reservation_players'],
  apply,
  async rebuild(trx) {
    const rows = await replayed(trx);
    await trx('reservation_players').delete();
    for (let i = 0; i < rows.length; i += 1000)
      await trx('reservation_players').insert(rows.slice(i, i + 1000));
    return rows.length;
  },
  async verify(trx) {
    const rebuilt = new Map((await replayed(trx)).map((r) => [key(r), r]));
    const live = new Map(
      ((await trx('reservation_players').select('*')) as PlayerRow[]).map((r) => [key(r), r]),
    );
    const differences: ProjectionDifference[] = [];
    for (const id of new Set([...rebuilt.keys(), ...live.keys()])) {
      const a = live.get(id);
      const b = rebuilt.get(id);
      if (!a || !b || comparable(a) !== comparable(b))
        differences.push({ id, live: a ?? null, rebuilt: b ?? null });
    }
    return { rows: rebuilt.size, differences };
  },
};
