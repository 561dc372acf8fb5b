/**
 * A club's rules about who plays (docs/architecture.md): co-players, guests, prime-time quotas and
 * the length of a doubles, as the Platzordnung page tells members in plain words. Settings events
 * older than these rules replay as `defaultPlayRules`: the club as it was before.
 */
import { germanInteger } from '../german-numbers';
import type { PlayRules, Quota } from '../schemas';

/** A club that never set them: nobody named, no guests, no quotas, a doubles as long as a singles. */
export const defaultPlayRules: PlayRules = {
  co_players: 'off',
  co_players_count: false,
  doubles_hours: 1,
  guests: false,
  guest_fee_cents: 0,
  quotas: [],
  quota_exempt_hours: 0,
};

/** Written out rather than taken from Intl, like the dates' weekdays: server and browsers agree. */
export const ISO_WEEKDAYS_DE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** "5,00 €": a fee in cents as German screens write it. */
export function formatEuros(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${germanInteger(whole)},${rest} €`;
}

/** ISO weekdays as a short German list: a run of three or more as "Mo–Fr", the rest by comma. */
export function formatWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => ISO_WEEKDAYS_DE[day - 1] ?? '';
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0] ?? 1)}–${name(run.at(-1) ?? 1)}`] : run.map(name)))
    .join(', ');
}

const hours = (count: number) => (count === 1 ? '1 Stunde' : `${germanInteger(count)} Stunden`);

/** "Mo–Fr 17–21 Uhr: höchstens 2 Stunden pro Woche." */
export function describeQuota(quota: Quota): string {
  return `${formatWeekdays(quota.days)} ${quota.from_hour}–${quota.to_hour} Uhr: höchstens ${hours(
    quota.hours_per_week,
  )} pro Woche.`;
}

export const playRulesTexts = {
  coPlayersRequired: 'Mitspieler müssen eingetragen werden (Einzel: 1, Doppel: 3).',
  coPlayersOptional: 'Mitspieler können eingetragen werden (Einzel: 1, Doppel: 3).',
  coPlayersCount:
    'Eingetragene Mitspieler werden wie die buchende Person gezählt: Ihre Buchungen zählen zu ihrem Reservierungslimit.',
  guests: (feeCents: number): string =>
    feeCents > 0
      ? `Gäste sind erlaubt: ${formatEuros(feeCents)} pro Gast und Stunde.`
      : 'Gäste sind erlaubt, ohne Gebühr.',
  quotaExempt: (count: number): string =>
    `Buchungen, die innerhalb von ${hours(count)} beginnen, zählen nicht zum Kontingent.`,
  doublesHours: (count: number): string => `Ein Doppel darf ${hours(count)} dauern.`,
  heading: 'Spielregeln',
} as const;

/**
 * The play rules in plain words, one sentence each, in the order a member needs them; none for a
 * rule at its default, so a club that set nothing shows nothing. Guests and the doubles length
 * only matter where players are named; the short-notice exemption only where a quota exists.
 */
export function describePlayRules(settings: PlayRules): string[] {
  const lines: string[] = [];
  const named = settings.co_players !== 'off';
  if (settings.co_players === 'required') lines.push(playRulesTexts.coPlayersRequired);
  if (settings.co_players === 'optional') lines.push(playRulesTexts.coPlayersOptional);
  if (named && settings.co_players_count) lines.push(playRulesTexts.coPlayersCount);
  if (named && settings.guests) lines.push(playRulesTexts.guests(settings.guest_fee_cents));
  lines.push(...settings.quotas.map(describeQuota));
  if (settings.quotas.length > 0 && settings.quota_exempt_hours > 0)
    lines.push(playRulesTexts.quotaExempt(settings.quota_exempt_hours));
  if (named && settings.doubles_hours > 1) lines.push(playRulesTexts.doublesHours(settings.doubles_hours));
  return lines;
}

/**
 * The play rules out of an answer that carries them: an API released before them answers without
 * (a remote may run ahead of its API, docs/architecture.md), and its clubs then have the defaults.
 */
export function playRulesOf(answer: Partial<PlayRules>): PlayRules {
  const rules = { ...defaultPlayRules };
  for (const key of Object.keys(defaultPlayRules) as (keyof PlayRules)[]) {
    if (answer[key] !== undefined) Object.assign(rules, { [key]: answer[key] });
  }
  return rules;
}
