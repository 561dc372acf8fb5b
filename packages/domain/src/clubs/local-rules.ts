/**
 * The club-local rules a club sets beside courts and hours: its time zone, how far ahead players
 * may book, until when they may cancel, and its Platzordnung (docs/architecture/club-time.md, "Club-local
 * time"). The JSON schema (../schemas) checks their shape; what it cannot know lives here.
 */
import { isTimeZone } from '../club-time';
import { DEFAULT_PRICE_SETTINGS } from '../money/prices';
import { DEFAULT_PLAY_RULES } from '../players/play-rules';
import type {
  ClubLocalRules,
  ClubSettings,
  ClubSettingsBody,
  CourtNamesSetting,
  DisplayNames,
  PlayRules,
  PriceSettings,
  SepaSettings,
} from '../schemas';
import type { FieldError } from '../types';

export const localRulesTexts = {
  unknownTimeZone: (name: string): string =>
    `Die Zeitzone „${name}“ ist unbekannt. Bitte wählen Sie eine aus der Liste (z. B. Europe/Berlin).`,
} as const;

/** The members' Platzordnung page and its link. */
export const clubRulesTexts = {
  title: 'Platzordnung',
  loading: 'Platzordnung wird geladen …',
  none: 'Ihr Verein hat noch keine Platzordnung hinterlegt.',
} as const;

/**
 * A screen by the clubhouse door is read by guests and passers-by too: initials ("S. G.") let the
 * members find their court without naming them to strangers, the least a club must choose to show.
 */
export const DEFAULT_DISPLAY_NAMES: DisplayNames = 'initials';

/** A club that never set them: the operator's zone (APP_TIMEZONE), no horizon, no deadline, no text. */
export function defaultLocalRules(timeZone: string): ClubLocalRules {
  return {
    time_zone: timeZone,
    booking_horizon_days: null,
    cancel_deadline_hours: 0,
    rules: '',
    display_names: DEFAULT_DISPLAY_NAMES,
  };
}

/** The field errors the schema cannot find: a zone name of the right shape that no zone has. */
export function localRulesErrors(body: Partial<Pick<ClubLocalRules, 'time_zone'>>): FieldError[] {
  if (body.time_zone === undefined || isTimeZone(body.time_zone)) return [];
  return [{ instancePath: '/time_zone', message: localRulesTexts.unknownTimeZone(body.time_zone) }];
}

/** The settings after a save: what the body names, the rest as it was ("absent = unchanged"). */
export function applySettingsBody(current: ClubSettings, body: ClubSettingsBody): ClubSettings {
  const named = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return { ...current, ...named };
}

/**
 * Settings events written before the club-local rules existed lack them; a club then had the
 * defaults, and its zone was the one it still has unless a later change recorded another. Those
 * written before the play rules (../players/play-rules) lack them, and the club had their defaults.
 */
export function withLocalRules(
  recorded: RecordedClubSettings,
  fallback: Pick<ClubLocalRules, 'time_zone'>,
): ClubSettings {
  return {
    ...defaultLocalRules(fallback.time_zone),
    ...DEFAULT_PLAY_RULES,
    quotas: [],
    court_names: {},
    ...DEFAULT_PRICE_SETTINGS,
    prices: [],
    sepa: null,
    ...recorded,
  };
}

/**
 * Settings as an event recorded them: every event has the core fields, newer ones the local rules
 * and the play rules too.
 */
export type RecordedClubSettings = Omit<
  ClubSettings,
  keyof ClubLocalRules | keyof PlayRules | keyof CourtNamesSetting | keyof PriceSettings | keyof SepaSettings
> &
  Partial<ClubLocalRules> &
  Partial<PlayRules> &
  Partial<CourtNamesSetting> &
  Partial<PriceSettings> &
  Partial<SepaSettings>;
