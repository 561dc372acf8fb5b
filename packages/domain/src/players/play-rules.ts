/**
 * The club's rules about who plays (docs/who-plays.md): their defaults, which keep
 * the behaviour every club had before them, and their description in plain words for the
 * members' Platzordnung page.
 */
import { formatEuros } from '../cents';
import { playRulesProperties, type PlayRules, type Quota } from '../schemas';

/** A play rule's default as its schema names it, as a value a club's rules may hold. */
type DefaultOf<Property> = Property extends { default: infer Default }
  ? Default extends readonly (infer Item)[]
    ? Item[]
    : Default
  : never;

/** Each property's `default`: a property without one does not compile. */
function defaultsOf<Properties extends { [Key in keyof Properties]: { readonly default: unknown } }>(
  properties: Properties,
): { -readonly [Key in keyof Properties]: DefaultOf<Properties[Key]> } {
  const entries = Object.entries<{ default: unknown }>(properties);
  // Object.fromEntries forgets which keys it was given; they are those of `properties`.
  return Object.fromEntries(entries.map(([key, property]) => [key, property.default])) as {
    [Key in keyof Properties]: DefaultOf<Properties[Key]>;
  };
}

/**
 * Nobody named, no guests, one hour, no quotas: a club that never set them. Taken from the schema's
 * `default`s (../schemas, `playRulesProperties`) and typed as the whole of `PlayRules`, so a new
 * play rule without its default does not compile.
 */
export const DEFAULT_PLAY_RULES: Readonly<PlayRules> = Object.freeze(defaultsOf(playRulesProperties));

/** Every play rule's name, from the schema: none can be left out of what is read and kept. */
export const PLAY_RULE_KEYS = Object.keys(playRulesProperties) as readonly (keyof PlayRules)[];

/** Every play rule of any settings-like value, defaults where it lacks them (older events). */
export function playRulesOf(settings: Partial<PlayRules>): PlayRules {
  const rules = { ...DEFAULT_PLAY_RULES, quotas: [...DEFAULT_PLAY_RULES.quotas] } as PlayRules;
  for (const key of PLAY_RULE_KEYS) {
    if (settings[key] !== undefined) Object.assign(rules, { [key]: settings[key] });
  }
  return rules;
}

/** Written out rather than taken from Intl, like the dates' weekdays: server and browsers agree. */
export const ISO_WEEKDAYS_DE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** "Mo–Fr", "Sa, So", "Mo, Mi–Fr": runs of three or more days joined by a dash. */
export function weekdaysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => ISO_WEEKDAYS_DE[day - 1]!;
  return runs
    .map((run) => (run.length >= 3 ? `${name(run[0]!)}–${name(run.at(-1)!)}` : run.map(name).join(', ')))
    .join(', ');
}

/** "Mo–Fr 17–21 Uhr": the window a quota covers, as refusals and the Platzordnung name it. */
export function quotaWindowText(quota: Quota): string {
  return `${weekdaysText(quota.days)} ${quota.from_hour}–${quota.to_hour} Uhr`;
}

/** The Platzordnung page's words around the rules. */
export const playRulesTexts = { heading: 'Spielregeln' } as const;

const hoursWord = (hours: number) => (hours === 1 ? '1 Stunde' : `${hours} Stunden`);

/**
 * The play rules as sentences for members ("Mo–Fr 17–21 Uhr: höchstens 2 Stunden pro Woche");
 * none for a club with the defaults.
 */
export function describePlayRules(rules: PlayRules): string[] {
  const lines: string[] = [];
  if (rules.co_players === 'required') {
    lines.push('Bei jeder Reservierung sind alle Mitspieler einzutragen: 1 im Einzel, 3 im Doppel.');
  } else if (rules.co_players === 'optional') {
    lines.push('Mitspieler können bei der Reservierung eingetragen werden.');
  }
  if (rules.co_players !== 'off' && rules.co_players_count) {
    lines.push('Eingetragene Mitspieler zählen wie die Buchenden zum Reservierungslimit.');
  }
  if (rules.co_players !== 'off' && rules.doubles_hours === 2) {
    lines.push('Ein Doppel darf 2 Stunden dauern, ein Einzel 1 Stunde.');
  }
  if (rules.co_players !== 'off' && rules.guests) {
    lines.push(
      rules.guest_fee_cents > 0
        ? `Gäste dürfen mitspielen; die Gastgebühr beträgt ${formatEuros(rules.guest_fee_cents)} pro Gast und Stunde.`
        : 'Gäste dürfen kostenlos mitspielen.',
    );
  }
  for (const quota of rules.quotas) {
    lines.push(`${quotaWindowText(quota)}: höchstens ${hoursWord(quota.hours_per_week)} pro Woche.`);
  }
  if (rules.quotas.length && rules.quota_exempt_hours > 0) {
    lines.push(
      `Wer kurzfristig bucht (höchstens ${hoursWord(rules.quota_exempt_hours)} vor Beginn), ist davon ausgenommen.`,
    );
  }
  return lines;
}
