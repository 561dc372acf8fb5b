/**
 * Which category a member is in (by the admin's choice and, for juniors, their birth year and the
 * club-local date), the categories' refusals, and their sentences for the Platzordnung page.
 */
import { describe, expect, it } from 'vitest';
import {
  categoriesErrors,
  describeCategories,
  memberCategory,
  windowsText,
  withinWindows,
} from '../../src/categories/categories';
import { DEFAULT_PLAY_RULES, playRulesOf } from '../../src/players/play-rules';
import { club } from '../reservations/support/fixtures';
import { adults, coaches, juniors, passive } from './support';

const rules = playRulesOf({ categories: [adults, juniors, passive, coaches], junior_until_age: 18 });
const lena = { category_id: null, birth_year: 2008 };

describe('memberCategory', () => {
  it('given a club that never set categories, when anyone is asked for, then the one category "Mitglied"', () => {
    expect(memberCategory(DEFAULT_PLAY_RULES, { category_id: null, birth_year: 2015 }, '2026-06-01')).toEqual(
      {
        id: 'mitglied',
        name: 'Mitglied',
        can_book: true,
      },
    );
  });
  it('given juniors until 18 and Lena born 2008, when it is 31 December 2026, then Jugend; on 1 January 2027, then Erwachsene', () => {
    expect(memberCategory(rules, lena, '2026-12-31')).toBe(juniors);
    expect(memberCategory(rules, lena, '2027-01-01')).toBe(adults);
  });
  it('given Lena put in Jugend by the admin, when she is grown up, then she follows her age to the first category', () => {
    expect(memberCategory(rules, { ...lena, category_id: 'jugend' }, '2027-01-01')).toBe(adults);
  });
  it('given a junior the admin put in Passiv or Trainer, then the age moves them nowhere', () => {
    expect(memberCategory(rules, { category_id: 'passiv', birth_year: 2015 }, '2026-06-01')).toBe(passive);
    expect(memberCategory(rules, { category_id: 'trainer', birth_year: 2010 }, '2026-06-01')).toBe(coaches);
  });
  it('given no birth year or no junior age, then the admin’s choice; a removed category, then the first', () => {
    expect(memberCategory(rules, { category_id: 'jugend', birth_year: null }, '2030-01-01')).toBe(juniors);
    const noAge = { ...rules, junior_until_age: null };
    expect(memberCategory(noAge, { category_id: null, birth_year: 2015 }, '2026-06-01')).toBe(adults);
    expect(memberCategory(rules, { category_id: 'gone', birth_year: null }, '2026-06-01')).toBe(adults);
  });
});

describe('windows', () => {
  it('given Jugend Mo–Fr until 18, when a booking ends at 18 on a Friday, then it holds; 17–19, then not; Saturday 20 (no window), then it holds', () => {
    expect(withinWindows(juniors.windows, 5, 17, 18)).toBe(true);
    expect(withinWindows(juniors.windows, 5, 17, 19)).toBe(false);
    expect(withinWindows(juniors.windows, 5, 18, 19)).toBe(false);
    expect(withinWindows(juniors.windows, 6, 20, 21)).toBe(true);
    expect(withinWindows(undefined, 5, 20, 21)).toBe(true);
  });
  it('says the windows in the club’s day', () => {
    expect(windowsText(juniors.windows!, club)).toBe('Mo–Fr nur bis 18 Uhr');
    expect(windowsText([{ days: [6, 7], from_hour: 0, to_hour: 24 }], club)).toBe('Sa, So ganztags');
    expect(windowsText([{ days: [6], from_hour: 10, to_hour: 22 }], club)).toBe('Sa nur ab 10 Uhr');
    expect(windowsText([{ days: [3], from_hour: 14, to_hour: 16 }], club)).toBe('Mi nur von 14 bis 16 Uhr');
  });
});

describe('describeCategories', () => {
  it('given the default category, then nothing to say; given four, then a sentence each that differs from the club’s rules', () => {
    expect(describeCategories(DEFAULT_PLAY_RULES, club)).toEqual([]);
    expect(describeCategories(rules, club)).toEqual([
      'Jugend: spielt Mo–Fr nur bis 18 Uhr; höchstens 1 anstehende Reservierung.',
      'Passiv: darf keine Plätze buchen.',
      'Trainer: ohne Reservierungslimit; von den Kontingenten ausgenommen.',
      'Wer in diesem Jahr höchstens 18 Jahre alt wird, gehört zur Kategorie Jugend.',
    ]);
  });
});

describe('categoriesErrors', () => {
  it('given two categories with one id or one name, or juniors by age without "jugend", then a German error at the field', () => {
    expect(categoriesErrors({ categories: [adults, { ...passive, id: 'erwachsene' }] })).toEqual([
      { instancePath: '/categories/1/id', message: 'Die Kennung „erwachsene“ hat mehr als eine Kategorie.' },
    ]);
    expect(categoriesErrors({ categories: [adults, { ...passive, name: 'erwachsene ' }] })).toEqual([
      { instancePath: '/categories/1/name', message: 'Der Name „erwachsene “ hat mehr als eine Kategorie.' },
    ]);
    expect(categoriesErrors({ categories: [adults], junior_until_age: 18 })).toEqual([
      {
        instancePath: '/junior_until_age',
        message: 'Für Jugendliche nach Alter braucht der Verein eine Kategorie mit der Kennung „jugend“.',
      },
    ]);
    expect(categoriesErrors({ categories: [adults, juniors], junior_until_age: 18 })).toEqual([]);
  });
});
