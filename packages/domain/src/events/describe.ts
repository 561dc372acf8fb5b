/**
 * Events in German words, for the operators' CLI and the admin's event log alike. Each catalogue
 * entry names its line from here (`describe`); this file says what one event changed, in one line.
 */
import type { ClubSettingsChanged } from '../clubs/events';
import { formatDateDe, formatHour, formatTimeRange } from '../dates';
import type { MemberCategoryChanged, MemberRoleChanged, MemberStatusChanged } from '../members/events';
import { memberTexts, transitionOf } from '../members/texts';
import { displayNamesLabels } from '../display/texts';
import { PLAY_RULE_KEYS, playRulesOf, quotaWindowText, weekdaysText } from '../players/play-rules';
import { formatEuros } from '../cents';
import { priceRuleText } from '../money/prices';
import { sepaCreditorLine } from '../money/sepa/identifiers';
import type {
  CheckInSettings,
  ClubSettings,
  DisplayNames,
  MemberCategory,
  Payment,
  PlayRules,
  PriceRule,
  Quota,
  SepaCreditor,
} from '../schemas';
import type { CourtNames, Role } from '../types';
import type {
  CheckedIn,
  CoPlayerLeft,
  PlayerRef,
  OccurrenceCancelled,
  ReservationCancelled,
  ReservationChanged,
  ReservationMade,
  ReservationMadeData,
  ReservationReleased,
  SeriesEnded,
} from '../reservations/events';

/** A member's name by their user id; undefined when it is not known (the line then shows the id). */
export type NameOf = (userId: string) => string | undefined;

/**
 * What the club calls a court ("Center Court"), as `courtName` answers it with the club at hand;
 * without one a line says "Platz N".
 */
export type CourtNameOf = (court: string) => string;

const courtOf = (court: string, courts: CourtNameOf | undefined) => courts?.(court) ?? `Platz ${court}`;

/** "Platz 1", "Plätze 1, 2", or the courts' own names: "Center Court, Platz 2". */
function courtsText(courtNums: readonly string[], courts: CourtNameOf | undefined): string {
  const names = courtNums.map((court) => courtOf(court, courts));
  if (names.length === 1) return names[0]!;
  const unnamed = names.every((name, i) => name === `Platz ${courtNums[i]}`);
  return unnamed ? `Plätze ${courtNums.join(', ')}` : names.join(', ');
}

/** What a cancellation of a series took away (docs/words.md: a reservation is "storniert"). */
const deleteTypeWords = {
  once: 'nur dieser Termin',
  once_and_future: 'dieser und alle folgenden Termine',
  all: 'alle Termine',
} as const;

export const roleNames: Record<Role, string> = { admin: 'Administrator', player: 'Spieler' };

export const settingNames: Record<keyof ClubSettings, string> = {
  name: 'Name',
  courts_count: 'Plätze',
  start_hour: 'Spielzeit ab',
  end_hour: 'Spielzeit bis',
  reservations_limit: 'Reservierungslimit',
  member_approval: 'Neue Mitglieder freigeben',
  // Club-local rules
  time_zone: 'Zeitzone',
  booking_horizon_days: 'Buchungszeitraum',
  cancel_deadline_hours: 'Stornofrist',
  rules: 'Platzordnung',
  display_names: 'Namen im Aushang',
  court_names: 'Platznamen',
  // Who plays
  co_players: 'Mitspieler',
  co_players_count: 'Mitspieler zählen zum Limit',
  doubles_hours: 'Dauer eines Doppels',
  guests: 'Gäste',
  guest_fee_cents: 'Gastgebühr',
  quotas: 'Kontingente',
  quota_exempt_hours: 'Kurzfristig ohne Kontingent',
  check_in: 'Check-in',
  // Member categories
  categories: 'Kategorien',
  junior_until_age: 'Jugend bis zum Alter',
  // Prices
  prices: 'Preise',
  split_court_fee: 'Platzgebühr geteilt',
  payment: 'Abrechnung',
  sepa: 'Lastschrift (SEPA)',
};

const paymentWords = { none: 'keine', account: 'aufs Mitgliedskonto', prepaid: 'nur mit Guthaben' } as const;

const coPlayerWords = { off: 'keine', optional: 'freiwillig', required: 'Pflicht' } as const;

type SettingValue = ClubSettings[keyof ClubSettings];

/** "aus", or "an (15 Min. vorher, Freigabe 10 Min. danach, 3 Versäumnisse in 28 Tagen: 14 Tage Pause)". */
function checkInSettingText(value: CheckInSettings): string {
  if (!value.required) return 'aus';
  const { opens_min, release_after_min, strikes, strike_days, pause_days } = value;
  return `an (${opens_min} Min. vorher, Freigabe ${release_after_min} Min. danach, ${strikes} Versäumnisse in ${strike_days} Tagen: ${pause_days} Tage Pause)`;
}

const isPlayRule = (key: keyof ClubSettings): key is keyof PlayRules =>
  (PLAY_RULE_KEYS as readonly string[]).includes(key);
const played = (settings: Partial<PlayRules>): PlayRules => playRulesOf(settings);

function settingValue(key: keyof ClubSettings, value: SettingValue): string {
  // Settings saved before member approval existed lack it: no approval.
  if (key === 'member_approval') return value ? 'ja' : 'nein';
  if (key === 'start_hour' || key === 'end_hour') return `${formatHour(Number(value))} Uhr`;
  if (key === 'name') return `„${value}“`;
  if (key === 'booking_horizon_days') return value === null ? 'unbegrenzt' : `${value} Tage im Voraus`;
  if (key === 'cancel_deadline_hours') return value === 0 ? 'bis Beginn' : `${value} Std. vor Beginn`;
  if (key === 'display_names') return displayNamesLabels[value as DisplayNames];
  if (key === 'rules') return value === '' ? 'keine' : `${[...String(value)].length} Zeichen`;
  if (key === 'co_players') return coPlayerWords[value as PlayRules['co_players']];
  if (key === 'co_players_count' || key === 'guests') return value ? 'ja' : 'nein';
  if (key === 'doubles_hours') return value === 1 ? '1 Stunde' : `${value} Stunden`;
  if (key === 'guest_fee_cents') return formatEuros(Number(value));
  if (key === 'quotas') {
    const quotas = value as Quota[];
    return quotas.length
      ? quotas.map((q) => `${quotaWindowText(q)} ${q.hours_per_week} Std./Woche`).join(', ')
      : 'keine';
  }
  if (key === 'check_in') return checkInSettingText(value as CheckInSettings);
  if (key === 'quota_exempt_hours') return value === 0 ? 'nie' : `${value} Std. vor Beginn`;
  if (key === 'prices') {
    const prices = (value ?? []) as PriceRule[];
    // The log names a category by its id: it says what was saved, as the category change lines do.
    return prices.length ? prices.map((rule) => priceRuleText(rule, (id) => id)).join('; ') : 'keine';
  }
  if (key === 'split_court_fee') return value ? 'ja' : 'nein';
  if (key === 'payment') return paymentWords[(value ?? 'none') as Payment];
  if (key === 'categories') return ((value ?? []) as MemberCategory[]).map(categoryText).join(', ');
  if (key === 'junior_until_age') return value === null ? 'keine Jugend nach Alter' : `${value} Jahre`;
  if (key === 'sepa') return sepaCreditorLine((value ?? null) as SepaCreditor | null);
  if (key === 'court_names') {
    const named = Object.entries((value ?? {}) as CourtNames).sort(([a], [b]) => Number(a) - Number(b));
    return named.length ? named.map(([court, name]) => `Platz ${court} „${name}“`).join(', ') : 'keine';
  }
  return String(value);
}

/** "Jugend (Mo–Fr 8–18 Uhr, Limit 1)": a category with what sets it apart, so any change shows. */
function categoryText(category: MemberCategory): string {
  const details = [
    ...(category.can_book ? [] : ['bucht nicht']),
    ...(category.windows ?? []).map((w) => `${weekdaysText(w.days)} ${w.from_hour}–${w.to_hour} Uhr`),
    ...(category.reservations_limit === undefined
      ? []
      : [category.reservations_limit === null ? 'ohne Limit' : `Limit ${category.reservations_limit}`]),
    ...(category.quota_exempt ? ['ohne Kontingent'] : []),
  ];
  return details.length ? `${category.name} (${details.join(', ')})` : category.name;
}

/** "Platzordnung: geändert (1.234 Zeichen)": a long text is not repeated in a one-line log. */
function settingLine(key: keyof ClubSettings, before: SettingValue, after: SettingValue): string {
  if (key === 'rules' && before !== '' && after !== '') {
    return `${settingNames.rules}: geändert (${settingValue(key, after)})`;
  }
  return `${settingNames[key]}: ${settingValue(key, before)} → ${settingValue(key, after)}`;
}

/**
 * One line per changed value, "Plätze: 6 → 8"; a save that changed nothing says so. Events from
 * before the club-local rules lack them on both sides, and nothing changed there.
 */
export function settingsChangeLines({
  data: { before, after },
}: Pick<ClubSettingsChanged, 'data'>): string[] {
  const keys = Object.keys(settingNames) as (keyof ClubSettings)[];
  const lines = keys
    // Member approval: missing means "no". Club-local rules: events from before them lack them
    // on both sides, and nothing changed there.
    .filter((key) => {
      // Member approval, court names, prices and payment: missing means "no", "none", "free" and
      // "none"; compared as read. SEPA too ("no direct debit"), by its data: two IBANs may end alike.
      if (key === 'sepa') return JSON.stringify(before.sepa ?? null) !== JSON.stringify(after.sepa ?? null);
      if (['member_approval', 'court_names', 'prices', 'split_court_fee', 'payment'].includes(key))
        return settingValue(key, before[key]) !== settingValue(key, after[key]);
      // Play rules: an event from before them lacks them, which means their defaults.
      if (isPlayRule(key))
        return settingValue(key, played(before)[key]) !== settingValue(key, played(after)[key]);
      return before[key] !== undefined && after[key] !== undefined && before[key] !== after[key];
    })
    .map((key) =>
      isPlayRule(key)
        ? settingLine(key, played(before)[key], played(after)[key])
        : settingLine(key, before[key], after[key]),
    );
  return lines.length ? lines : ['ohne Änderung gespeichert'];
}

/** "Anna Muster: Spieler → Administrator"; without a name, the member's short id. */
export function roleChangeLine(event: Pick<MemberRoleChanged, 'data'>, nameOf?: NameOf) {
  const { user_id, before, after } = event.data;
  const who = nameOf?.(user_id) ?? `Mitglied ${user_id.slice(0, 8)}`;
  return `${who}: ${roleNames[before]} → ${roleNames[after]}`;
}

/** "Lena Graf: Kategorie „mitglied“ → „jugend“", by the categories' ids; without a name, the short id. */
export function categoryChangeLine(event: Pick<MemberCategoryChanged, 'data'>, nameOf?: NameOf) {
  const { user_id, before, after } = event.data;
  const who = nameOf?.(user_id) ?? `Mitglied ${user_id.slice(0, 8)}`;
  return `${who}: Kategorie ${before === null ? 'keine' : `„${before}“`} → „${after}“`;
}

/** "Anna Muster freigegeben (Offen → Aktiv)"; without a name, the member's short id. */
export function statusChangeLine(event: Pick<MemberStatusChanged, 'data'>, nameOf?: NameOf) {
  const { user_id, before, after } = event.data;
  const who = nameOf?.(user_id) ?? `Mitglied ${user_id.slice(0, 8)}`;
  const transition = transitionOf(before, after);
  const names = memberTexts.statusNames;
  const word = transition ? `${memberTexts.transitionWords[transition]} ` : '';
  return `${who} ${word}(${names[before]} → ${names[after]})`;
}

export function describeBooking(
  { data }: Pick<ReservationMade, 'data'>,
  nameOf?: NameOf,
  courts?: CourtNameOf,
): string {
  const { court_num, date, start_time, end_time, recurring, label } = data;
  return [
    courtOf(court_num, courts),
    formatDateDe(date),
    formatTimeRange(start_time, end_time),
    recurring ? 'wöchentlich' : null,
    label ? `„${label}“` : null,
    data.players?.length ? describePlayers(data.players, nameOf) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const memberName = (userId: string, nameOf: NameOf | undefined) =>
  nameOf?.(userId) ?? `Mitglied ${userId.slice(0, 8)}`;

/**
 * "mit Anna Muster, 1 Gast": members by the names the read side knows (the log holds ids only),
 * guests counted, as their names are never in the log.
 */
export function describePlayers(players: readonly PlayerRef[], nameOf?: NameOf): string {
  const members = players.flatMap((p) => ('user_id' in p ? [memberName(p.user_id, nameOf)] : []));
  const guests = players.length - members.length;
  const parts = [...members, ...(guests ? [guests === 1 ? '1 Gast' : `${guests} Gäste`] : [])];
  return parts.length ? `mit ${parts.join(', ')}` : 'ohne Mitspieler';
}

/** "Anna Muster hat sich ausgetragen" */
export function describeCoPlayerLeft({ data }: Pick<CoPlayerLeft, 'data'>, nameOf?: NameOf): string {
  return `${memberName(data.user_id, nameOf)} hat sich als Mitspieler ausgetragen`;
}

/** ", wegen Sperrung: Turnier" when a court block cancelled it. */
function byBlock(data: { reason?: string }): string {
  return data.reason ? ` wegen Sperrung: ${data.reason}` : '';
}

/**
 * "Platz 1, 2 · Di., 24.11.2026 14:00 bis Di., 24.11.2026 18:00 · Turnier"; a weekly block says
 * until when it repeats: "… · wöchentlich bis Di., 29.12.2026 · Training".
 */
export function describeBlock(
  {
    court_nums,
    from,
    until,
    reason,
    repeat_until,
  }: {
    court_nums: readonly string[];
    from: string;
    until: string;
    reason: string;
    repeat_until?: string;
  },
  courts?: CourtNameOf,
): string {
  const at = (moment: string) => `${formatDateDe(moment.slice(0, 10))} ${moment.slice(11, 16)} Uhr`;
  const weekly = repeat_until ? ` · wöchentlich bis ${formatDateDe(repeat_until)}` : '';
  return `${courtsText(court_nums, courts)} · ${at(from)} bis ${at(until)}${weekly} · ${reason}`;
}

/** "jetzt Platz 2 · Di., 24.11.2026 · 18-19 Uhr": where the booking now takes place. */
export function describeChange(
  { data }: Pick<ReservationChanged, 'data'>,
  nameOf?: NameOf,
  courts?: CourtNameOf,
): string {
  const { players, ...slot } = data;
  const line = `jetzt ${describeBooking({ data: { ...slot, recurring: false } as ReservationMade['data'] }, undefined, courts)}`;
  return players === undefined ? line : `${line} · ${describePlayers(players, nameOf)}`;
}

export function describeOccurrenceCancelled({ data }: Pick<OccurrenceCancelled, 'data'>): string {
  return `Termin am ${formatDateDe(data.date)} storniert${byBlock(data)}`;
}

/** "Anna Muster hat für Di., 24.11.2026 eingecheckt". */
export function describeCheckedIn({ data }: Pick<CheckedIn, 'data'>, nameOf?: NameOf): string {
  return `${memberName(data.user_id, nameOf)} hat für ${formatDateDe(data.date)} eingecheckt`;
}

/** The log says only that a date was freed: who did not come is no part of it (docs/privacy.md). */
export function describeReleased({ data }: Pick<ReservationReleased, 'data'>): string {
  return `Termin am ${formatDateDe(data.date)} freigegeben: niemand hat eingecheckt`;
}

export function describeSeriesEnded({ data }: Pick<SeriesEnded, 'data'>): string {
  return `keine Termine mehr ab ${formatDateDe(data.end_date)}`;
}

/**
 * "storniert" for a single booking; for a series, what of it went ("storniert: alle Termine"). A
 * single booking is recorded with the delete type 'all' (reservations/delete-reservation), so the
 * words of a delete type are only said where the booking is known (`made`) to be a series.
 */
export function describeCancellation(
  { data }: Pick<ReservationCancelled, 'data'>,
  made?: Pick<ReservationMadeData, 'recurring'>,
): string {
  if (data.reason) return `storniert${byBlock(data)}`;
  if (!data.delete_type || !made?.recurring) return 'storniert';
  return `storniert: ${deleteTypeWords[data.delete_type]}`;
}
