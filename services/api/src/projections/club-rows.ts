/**
 * Projections of the club and member streams into the rows registration created: a club's
 * settings (`clubs`), a member's role (`users.role`), status (`users.status`) and category
 * (`users.category_id`). Both events carry the whole new value, so
 * the state after a stream is its latest event's `after`, and rebuild and verify can say that in
 * one statement each. Clubs and members whose stream is still empty keep what registration wrote.
 */
import type { Knex } from 'knex';
import { foldClubName } from '@platzbuchung/domain/club-names';
import { DEFAULT_DISPLAY_NAMES } from '@platzbuchung/domain/clubs/local-rules';
import { DEFAULT_PLAY_RULES, PLAY_RULE_KEYS, playRulesOf } from '@platzbuchung/domain/players/play-rules';
import { priceSettingsOf } from '@platzbuchung/domain/money/prices';
import type { Projection, ProjectionDifference } from './projection';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';

interface LatestAfter {
  /** The event type whose `data.after` is the value. */
  type: string;
  table: string;
  /** SQL expressions: the row's columns, and the same values taken from `l.after`. */
  live: string;
  fromLog: string;
}

const latest = ({ type }: LatestAfter) => `
  SELECT DISTINCT ON (stream_id) stream_id, data->'after' AS after
  FROM events WHERE type = '${type}' ORDER BY stream_id, version DESC`;

function setBased(spec: LatestAfter, setClause: string) {
  return {
    async rebuild(trx: Knex.Transaction): Promise<number> {
      const result = await trx.raw(
        `UPDATE ${spec.table} t SET ${setClause} FROM (${latest(spec)}) l WHERE t.id = l.stream_id`,
      );
      return result.rowCount ?? 0;
    },
    async verify(trx: Knex.Transaction): Promise<{ rows: number; differences: ProjectionDifference[] }> {
      const { rows } = await trx.raw(`
        SELECT t.id, ${spec.live} AS live, ${spec.fromLog} AS rebuilt
        FROM ${spec.table} t JOIN (${latest(spec)}) l ON t.id = l.stream_id`);
      const differences = (rows as ProjectionDifference[]).filter(
        (row) => JSON.stringify(row.live) !== JSON.stringify(row.rebuilt),
      );
      return { rows: rows.length, differences };
    },
  };
}

/**
 * Club-local rules as the latest event left them. Events written before those rules existed lack
 * them: the club then still has what it had before any event recorded one (clubs/local-rules) —
 * the defaults, and for the zone the one registration or the migration runner wrote.
 */
const localRulesFromLog = {
  time_zone: `coalesce(l.after->>'time_zone', t.time_zone)`,
  booking_horizon_days: `(l.after->>'booking_horizon_days')::int`,
  cancel_deadline_hours: `coalesce((l.after->>'cancel_deadline_hours')::int, 0)`,
  rules: `coalesce(l.after->>'rules', '')`,
  display_names: `coalesce(l.after->>'display_names', '${DEFAULT_DISPLAY_NAMES}')`,
};

/**
 * The play rules as the latest event left them: each from the event, or its default when the
 * event was written before it existed (players/play-rules).
 */
const playRulesFromLog = `jsonb_build_object(${PLAY_RULE_KEYS.map(
  (key) => `'${key}', coalesce(l.after->'${key}', '${JSON.stringify(DEFAULT_PLAY_RULES[key])}'::jsonb)`,
).join(', ')})`;

/** Court names: settings recorded before them lack them, and the club had none. */
const courtNamesFromLog = `coalesce(l.after->'court_names', '{}'::jsonb)`;

/** Prices (docs/architecture/money.md): settings recorded before them lack them, and booking was free. */
const pricesFromLog = {
  prices: `coalesce(l.after->'prices', '[]'::jsonb)`,
  split_court_fee: `coalesce((l.after->>'split_court_fee')::boolean, false)`,
  payment: `coalesce(l.after->>'payment', 'none')`,
};
const PRICE_KEYS: readonly string[] = Object.keys(pricesFromLog);

/** The club as SEPA creditor: settings recorded before it (or a JSON null) mean no direct debit. */
const sepaFromLog = `nullif(l.after->'sepa', 'null'::jsonb)`;

const settingsSpec: LatestAfter = {
  type: 'ClubSettingsChanged',
  table: 'clubs',
  live: `jsonb_build_object('name', t.name, 'courts_count', t.courts_count, 'start_hour', t.start_hour,
           'end_hour', t.end_hour, 'reservations_limit', t.reservations_limit,
           'time_zone', t.time_zone, 'booking_horizon_days', t.booking_horizon_days,
           'cancel_deadline_hours', t.cancel_deadline_hours, 'rules', t.rules,
           'display_names', t.display_names)
        || jsonb_build_object('member_approval', t.member_approval, 'play_rules', t.play_rules,
             'court_names', t.court_names, 'prices', t.prices, 'split_court_fee', t.split_court_fee,
             'payment', t.payment, 'sepa', t.sepa)`,
  fromLog: `jsonb_build_object('name', l.after->>'name', 'courts_count', (l.after->>'courts_count')::int,
           'start_hour', (l.after->>'start_hour')::int, 'end_hour', (l.after->>'end_hour')::int,
           'reservations_limit', (l.after->>'reservations_limit')::int,
           'time_zone', ${localRulesFromLog.time_zone},
           'booking_horizon_days', ${localRulesFromLog.booking_horizon_days},
           'cancel_deadline_hours', ${localRulesFromLog.cancel_deadline_hours},
           'rules', ${localRulesFromLog.rules},
           'display_names', ${localRulesFromLog.display_names})
        || jsonb_build_object('member_approval', COALESCE((l.after->>'member_approval')::boolean, false),
             'play_rules', ${playRulesFromLog}, 'court_names', ${courtNamesFromLog},
             'prices', ${pricesFromLog.prices}, 'split_court_fee', ${pricesFromLog.split_court_fee},
             'payment', ${pricesFromLog.payment}, 'sepa', ${sepaFromLog})`,
};

export const clubSettingsProjection: Projection = {
  name: 'club-settings',
  handles: ['ClubSettingsChanged'],
  tables: ['clubs'],
  async apply(trx, events: readonly EventEnvelope[]) {
    for (const event of events) {
      if (event.type !== 'ClubSettingsChanged') continue;
      // The folded name keeps look-alike club names apart (docs/security/access.md).
      const name_key = foldClubName(event.data.after.name);
      // Settings recorded before member approval existed lack it, and mean no approval.
      const member_approval = event.data.after.member_approval ?? false;
      const { after } = event.data;
      const core = Object.fromEntries(
        Object.entries(after).filter(
          ([key]) => !(PLAY_RULE_KEYS as readonly string[]).includes(key) && !PRICE_KEYS.includes(key),
        ),
      );
      await trx('clubs')
        .where({ id: event.club_id })
        .update({
          ...core,
          member_approval,
          name_key,
          play_rules: JSON.stringify(playRulesOf(after)),
          court_names: JSON.stringify(after.court_names ?? {}),
          // A JSON array, written as text: the driver would make a JS array a Postgres array.
          prices: JSON.stringify(priceSettingsOf(after).prices),
          split_court_fee: priceSettingsOf(after).split_court_fee,
          payment: priceSettingsOf(after).payment,
          sepa: after.sepa ? JSON.stringify(after.sepa) : null,
        });
    }
  },
  ...setBased(
    settingsSpec,
    `name = l.after->>'name', courts_count = (l.after->>'courts_count')::int,
     start_hour = (l.after->>'start_hour')::int, end_hour = (l.after->>'end_hour')::int,
     reservations_limit = (l.after->>'reservations_limit')::int,
     member_approval = COALESCE((l.after->>'member_approval')::boolean, false),
     play_rules = ${playRulesFromLog},
     court_names = ${courtNamesFromLog},
     prices = ${pricesFromLog.prices}, split_court_fee = ${pricesFromLog.split_court_fee},
     payment = ${pricesFromLog.payment},
     sepa = ${sepaFromLog},
     ${Object.entries(localRulesFromLog)
       .map(([column, value]) => `${column} = ${value}`)
       .join(', ')}`,
  ),
};

const rolesSpec: LatestAfter = {
  type: 'MemberRoleChanged',
  table: 'users',
  live: `to_jsonb(t.role)`,
  fromLog: `l.after`,
};

export const memberRolesProjection: Projection = {
  name: 'member-roles',
  handles: ['MemberRoleChanged'],
  tables: ['users'],
  async apply(trx, events: readonly EventEnvelope[]) {
    for (const event of events) {
      if (event.type !== 'MemberRoleChanged') continue;
      await trx('users').where({ id: event.user_id }).update({ role: event.data.after });
    }
  },
  ...setBased(rolesSpec, `role = l.after #>> '{}'`),
};

const statusesSpec: LatestAfter = {
  type: 'MemberStatusChanged',
  table: 'users',
  live: `to_jsonb(t.status)`,
  fromLog: `l.after`,
};

/** Members who signed up before statuses existed, or whose stream is empty, keep sign-up's status. */
export const memberStatusesProjection: Projection = {
  name: 'member-statuses',
  handles: ['MemberStatusChanged'],
  tables: ['users'],
  async apply(trx, events: readonly EventEnvelope[]) {
    for (const event of events) {
      if (event.type !== 'MemberStatusChanged') continue;
      await trx('users').where({ id: event.user_id }).update({ status: event.data.after });
    }
  },
  ...setBased(statusesSpec, `status = l.after #>> '{}'`),
};

const categoriesSpec: LatestAfter = {
  type: 'MemberCategoryChanged',
  table: 'users',
  live: `to_jsonb(t.category_id)`,
  fromLog: `l.after`,
};

/** The category the admin chose for a member (docs/who-plays.md, "Member categories"); none: the club's first. */
export const memberCategoriesProjection: Projection = {
  name: 'member-categories',
  handles: ['MemberCategoryChanged'],
  tables: ['users'],
  async apply(trx, events: readonly EventEnvelope[]) {
    for (const event of events) {
      if (event.type !== 'MemberCategoryChanged') continue;
      await trx('users').where({ id: event.user_id }).update({ category_id: event.data.after });
    }
  },
  ...setBased(categoriesSpec, `category_id = l.after #>> '{}'`),
};
