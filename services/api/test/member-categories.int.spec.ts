/**
 * Member categories through the API (docs/who-plays.md, "Member categories"): saved with the club's
 * settings and refused with German field errors, a member put in a category (alone or in a
 * selection) with their birth year, and every refusal by category naming the person and the rule.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { MemberCategory } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { verifyProjections } from '../src/projections/registry';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import type { TestClient } from './support/client';

/** Monday 23 November 2026, 13:00 in Berlin. */
const NOW = new Date('2026-11-23T12:00:00Z');
const FRIDAY = '2026-11-27';
const api = apiForFile({ now: NOW });

const categories: MemberCategory[] = [
  { id: 'erwachsene', name: 'Erwachsene', can_book: true },
  {
    id: 'jugend',
    name: 'Jugend',
    can_book: true,
    windows: [{ days: [1, 2, 3, 4, 5], from_hour: 0, to_hour: 18 }],
    reservations_limit: 1,
  },
  { id: 'passiv', name: 'Passiv', can_book: false },
  { id: 'trainer', name: 'Trainer', can_book: true, reservations_limit: null, quota_exempt: true },
];

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
const save = (m: Members, changes: Record<string, unknown>) =>
  m.admin.client.request<{ error?: unknown }>('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    ...changes,
  });

interface MemberAnswer {
  _id: string;
  category_id: string | null;
  birth_year: number | null;
  category: string;
}
type MembersAnswer = { message: string; data: MemberAnswer[]; error?: unknown };

const putCategory = (m: Members, userId: string, body: Record<string, unknown>, client = m.admin.client) =>
  client.request<MembersAnswer>('PUT', `/api/admin/members/${userId}/category?club_id=${m.club._id}`, body);

const book = (client: TestClient, clubId: string, body: Record<string, unknown>) =>
  client.post<{ error?: string }>('/api/reservations', {
    club_id: clubId,
    court_num: '1',
    date: FRIDAY,
    start_time: 10,
    end_time: 11,
    ...body,
  });

/** A club with the four categories, co-players optional, and a second member, Lena Graf. */
async function clubWithCategories() {
  const m = await clubWithMembers(api.url);
  expect((await save(m, { categories, co_players: 'optional' })).status).toBe(200);
  const lena = await loggedIn(api.url, (await signUp(api.url, m.club._id, { first_name: 'Lena' })).email);
  return { ...m, lena };
}

describe('given a club that never set categories', () => {
  it('when the admin reads the settings and the members, then one category "Mitglied" holds everyone', async () => {
    const m = await clubWithMembers(api.url);
    const settings = await m.admin.client.get<Record<string, unknown>>(
      `/api/admin/club?club_id=${m.club._id}`,
    );
    expect(settings.body).toMatchObject({
      categories: DEFAULT_PLAY_RULES.categories,
      junior_until_age: null,
    });
    const members = await m.admin.client.get<MemberAnswer[]>(`/api/admin/members?club_id=${m.club._id}`);
    expect(members.body.map((member) => member.category)).toEqual(['mitglied', 'mitglied']);
  });
});

describe('given an admin saving categories', () => {
  it('when they are saved, then the admin and members read them and the projection verifies', async () => {
    const m = await clubWithMembers(api.url);
    expect((await save(m, { categories, junior_until_age: 18 })).status).toBe(200);
    const rules = await m.player.client.get<Record<string, unknown>>(`/api/club/rules?club_id=${m.club._id}`);
    expect(rules.body).toMatchObject({ categories, junior_until_age: 18 });
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it.each([
    [{ categories: [] }, '/categories', 'Ein Verein braucht mindestens eine Kategorie.'],
    [
      { categories: [categories[0], { ...categories[2], id: 'erwachsene' }] },
      '/categories/1/id',
      'Die Kennung „erwachsene“ hat mehr als eine Kategorie.',
    ],
    [
      { categories: [categories[0]], junior_until_age: 18 },
      '/junior_until_age',
      'Für Jugendliche nach Alter braucht der Verein eine Kategorie mit der Kennung „jugend“.',
    ],
    [
      { categories: [{ ...categories[0], reservations_limit: 11 }] },
      '/categories/0/reservations_limit',
      'Das Limit einer Kategorie liegt zwischen 0 und 10, oder „null“ für kein Limit.',
    ],
    [
      { categories: [{ ...categories[1], windows: [{ days: [1], from_hour: 18, to_hour: 17 }] }] },
      '/categories/0/windows/0/to_hour',
      'Eine Spielzeit endet zwischen 1 und 24 Uhr und nach ihrem Beginn.',
    ],
  ])('when the body holds %j, then 400 with the German text at %s', async (changes, path, text) => {
    const m = await clubWithMembers(api.url);
    const response = await save(m, changes);
    expect(response.status).toBe(400);
    expect(response.body.error).toContainEqual({ instancePath: path, message: text });
  });
});

describe('given the admin putting members in categories', () => {
  it('when one member is put in Passiv with a birth year, then the list says so and the log holds it', async () => {
    const m = await clubWithCategories();
    const response = await putCategory(m, m.lena.user._id, { category_id: 'passiv', birth_year: 2010 });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Die Kategorie ist jetzt „Passiv“.');
    expect(response.body.data.find((member) => member._id === m.lena.user._id)).toMatchObject({
      category_id: 'passiv',
      birth_year: 2010,
      category: 'passiv',
    });
    const events = await api
      .db('events')
      .where({ stream_id: m.lena.user._id, type: 'MemberCategoryChanged' });
    expect(events.map((e: { data: unknown }) => e.data)).toEqual([
      { user_id: m.lena.user._id, before: null, after: 'passiv' },
    ]);
    const [report] = await verifyProjections(api.db, ['member-categories']);
    expect(report!.differences).toEqual([]);
  });

  it('when juniors go until 18 and Lena was born 2010, then she is Jugend without being put there', async () => {
    const m = await clubWithCategories();
    await save(m, { categories, co_players: 'optional', junior_until_age: 18 });
    const response = await putCategory(m, m.lena.user._id, { category_id: 'erwachsene', birth_year: 2010 });
    expect(response.body.data.find((member) => member._id === m.lena.user._id)?.category).toBe('jugend');
  });

  it('when a selection is put in Trainer, then each of them is', async () => {
    const m = await clubWithCategories();
    const ids = [m.player.user._id, m.lena.user._id];
    const response = await m.admin.client.request<MembersAnswer>(
      'PUT',
      `/api/admin/members/category?club_id=${m.club._id}`,
      { category_id: 'trainer', user_ids: ids },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('2 Mitglieder sind jetzt in der Kategorie „Trainer“.');
    const chosen = response.body.data.filter((member) => ids.includes(member._id));
    expect(chosen.map((member) => member.category)).toEqual(['trainer', 'trainer']);
  });

  it('refuses an unknown category (400), a future birth year (400), another club’s member (404) and a player (403)', async () => {
    const m = await clubWithCategories();
    const unknown = await putCategory(m, m.lena.user._id, { category_id: 'senioren' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual([
      { instancePath: '/category_id', message: 'Diese Kategorie gibt es in Ihrem Verein nicht.' },
    ]);
    const future = await putCategory(m, m.lena.user._id, { category_id: 'jugend', birth_year: 2027 });
    expect(future.status).toBe(400);
    expect(future.body.error).toEqual([
      { instancePath: '/birth_year', message: 'Das Geburtsjahr muss zwischen 1900 und 2026 liegen.' },
    ]);
    const shape = await putCategory(m, m.lena.user._id, { category_id: 'jugend', birth_year: 'zwanzig' });
    expect(shape.status).toBe(400);
    const other = await clubWithMembers(api.url);
    expect((await putCategory(m, other.player.user._id, { category_id: 'jugend' })).status).toBe(404);
    const bulk = await m.admin.client.request<MembersAnswer>(
      'PUT',
      `/api/admin/members/category?club_id=${m.club._id}`,
      { category_id: 'jugend', user_ids: [m.lena.user._id, other.player.user._id] },
    );
    expect(bulk.status).toBe(404);
    expect((await putCategory(m, m.lena.user._id, { category_id: 'jugend' }, m.player.client)).status).toBe(
      403,
    );
  });
});

describe('given members in categories, when they book', () => {
  it('a Passiv member is refused, and nobody names them', async () => {
    const m = await clubWithCategories();
    await putCategory(m, m.lena.user._id, { category_id: 'passiv' });
    const own = await book(m.lena.client, m.club._id, {});
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('Lena Graf (Passiv) darf keine Plätze buchen.');
    const named = await book(m.player.client, m.club._id, { players: [{ user_id: m.lena.user._id }] });
    expect(named.status).toBe(403);
    expect(named.body.error).toBe('Lena Graf (Passiv) darf nicht als Mitspieler eingetragen werden.');
  });

  it('Jugend plays Friday until 18: 17–18 holds, 18–19 is refused naming her, as a co-player too', async () => {
    const m = await clubWithCategories();
    await putCategory(m, m.lena.user._id, { category_id: 'jugend' });
    const late = await book(m.lena.client, m.club._id, { start_time: 18, end_time: 19 });
    expect(late.status).toBe(403);
    expect(late.body.error).toBe('Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen.');
    expect((await book(m.lena.client, m.club._id, { start_time: 17, end_time: 18 })).status).toBe(201);
    const named = await book(m.player.client, m.club._id, {
      start_time: 19,
      end_time: 20,
      players: [{ user_id: m.lena.user._id }],
    });
    expect(named.status).toBe(403);
    expect(named.body.error).toBe('Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen.');
  });

  it('Jugend’s limit of 1 is hers: a second booking is refused (409, as every limit) naming the category', async () => {
    const m = await clubWithCategories();
    await putCategory(m, m.lena.user._id, { category_id: 'jugend' });
    expect((await book(m.lena.client, m.club._id, {})).status).toBe(201);
    const second = await book(m.lena.client, m.club._id, { date: '2026-11-26' });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(
      'Lena Graf (Jugend) hat bereits eine anstehende Reservierung, so viele wie die Kategorie erlaubt.',
    );
  });

  it('a Trainer books beyond the club’s limit', async () => {
    const m = await clubWithCategories();
    await putCategory(m, m.lena.user._id, { category_id: 'trainer' });
    const limit = m.club.reservations_limit;
    for (let day = 0; day <= limit; day += 1) {
      const response = await book(m.lena.client, m.club._id, { date: `2026-11-2${4 + day}` });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
  });
});

describe('given prices for some categories', () => {
  const juniorRate = {
    label: 'Jugendtarif',
    courts: null,
    days: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 8,
    to_hour: 20,
    cents_per_hour: 500,
    categories: ['jugend'],
  };

  it('a price for Jugend is saved and each member reads their own category beside it', async () => {
    const m = await clubWithCategories();
    expect((await save(m, { prices: [juniorRate] })).status).toBe(200);
    await putCategory(m, m.lena.user._id, { category_id: 'jugend' });
    const lenas = await m.lena.client.get<{ prices: unknown[]; own_category: string }>(
      `/api/club/rules?club_id=${m.club._id}`,
    );
    expect(lenas.body).toMatchObject({ prices: [juniorRate], own_category: 'jugend' });
    const others = await m.player.client.get<{ own_category: string }>(
      `/api/club/rules?club_id=${m.club._id}`,
    );
    expect(others.body.own_category).toBe('erwachsene');
  });

  it('a price for a category the club has not is refused with a German text at its field', async () => {
    const m = await clubWithCategories();
    const response = await save(m, { prices: [{ ...juniorRate, categories: ['senioren'] }] });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual([
      {
        instancePath: '/prices/0/categories',
        message: 'Die Kategorie „senioren“ gibt es in Ihrem Verein nicht.',
      },
    ]);
  });
});
