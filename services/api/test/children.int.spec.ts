/**
 * A member's children through the API (docs/who-plays.md, "Families"): added without an address,
 * listed with the category their birth year gives them, edited and removed by their parent only,
 * and every bad field a German 400.
 */
import { describe, expect, it } from 'vitest';
import { CHILDREN_MAX } from '@platzbuchung/domain/families/schemas';
import * as familyTexts from '@platzbuchung/domain/families/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { MemberCategory } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import type { AccountExport } from '../src/accounts/export';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import { TestClient } from './support/client';

/** Monday 23 November 2026, 13:00 in Berlin. */
const NOW = new Date('2026-11-23T12:00:00Z');
const api = apiForFile({ now: NOW });

const categories: MemberCategory[] = [
  { id: 'erwachsene', name: 'Erwachsene', can_book: true },
  {
    id: 'jugend',
    name: 'Jugend',
    can_book: true,
    windows: [{ days: [1, 2, 3, 4, 5], from_hour: 0, to_hour: 18 }],
  },
];

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});

interface ChildAnswer {
  _id: string;
  first_name: string;
  last_name: string;
  birth_year: number;
  category: string;
}
type Answer = {
  message?: string;
  data: ChildAnswer;
  error?: string | { instancePath: string; message: string }[];
};

const add = (client: TestClient, body: Record<string, unknown>) =>
  client.post<Answer>('/api/account/children', body);
const list = (client: TestClient) => client.get<{ data: ChildAnswer[] }>('/api/account/children');
const LENA = { first_name: 'Lena', last_name: 'Graf', birth_year: 2014 };

async function clubWithJuniors(): Promise<Members> {
  const m = await clubWithMembers(api.url);
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    categories,
    junior_until_age: 18,
  });
  expect(saved.status).toBe(200);
  return m;
}

describe('given a member of a club with juniors by age', () => {
  it('when they add a child, then the child is listed with the Jugend category and has no login', async () => {
    const m = await clubWithJuniors();
    const added = await add(m.player.client, { ...LENA, first_name: ' Lena ' });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(familyTexts.childAdded('Lena Graf'));
    expect(added.body.data).toMatchObject({ ...LENA, category: 'Jugend' });

    const adult = await add(m.player.client, { first_name: 'Tom', last_name: 'Graf', birth_year: 2007 });
    expect(adult.body.data.category).toBe('Erwachsene');
    expect((await list(m.player.client)).body.data.map((c) => c.first_name)).toEqual(['Lena', 'Tom']);

    const row = await api.db('users').where({ id: added.body.data._id }).first();
    expect(row).toMatchObject({ email: null, password_hash: null, club_id: m.club._id, role: 'player' });
    // The admin's member list is of those with a login; the child is their parent's.
    const members = await m.admin.client.get<{ _id: string }[]>(`/api/admin/members?club_id=${m.club._id}`);
    expect(members.body.map((x) => x._id)).not.toContain(added.body.data._id);
  });

  it('when they edit a child, then name and birth year change and the category follows', async () => {
    const m = await clubWithJuniors();
    const { body } = await add(m.player.client, LENA);
    const edited = await m.player.client.request<Answer>('PUT', `/api/account/children/${body.data._id}`, {
      first_name: 'Lena-Marie',
      last_name: 'Graf',
      birth_year: 2005,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(familyTexts.childSaved('Lena-Marie Graf'));
    expect(edited.body.data).toMatchObject({
      first_name: 'Lena-Marie',
      birth_year: 2005,
      category: 'Erwachsene',
    });
  });

  it('when they remove a child, then the child is gone', async () => {
    const m = await clubWithJuniors();
    const { body } = await add(m.player.client, LENA);
    const removed = await m.player.client.request<Answer>(
      'DELETE',
      `/api/account/children/${body.data._id}`,
      {},
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(familyTexts.childRemoved('Lena Graf'));
    expect((await list(m.player.client)).body.data).toEqual([]);
    expect(await api.db('users').where({ id: body.data._id }).first()).toBeUndefined();
  });
});

describe("the parent's data export", () => {
  it('holds the children with their name and birth year', async () => {
    const m = await clubWithMembers(api.url);
    const { body } = await add(m.player.client, LENA);
    const exported = await m.player.client.get<AccountExport>('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.children).toEqual([
      { id: body.data._id, ...LENA, category_id: null, added_at: expect.any(String) },
    ]);
    const other = await m.admin.client.get<AccountExport>('/api/account/export');
    expect(other.body.children).toEqual([]);
  });
});

describe('refusals', () => {
  it('are German field errors for names, a missing field and a birth year outside the last 25 years', async () => {
    const m = await clubWithMembers(api.url);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...LENA, first_name: 'L' }, '/first_name', familyTexts.firstNameInvalid],
      [{ ...LENA, first_name: '   ' }, '/first_name', familyTexts.firstNameInvalid],
      [{ ...LENA, last_name: 'Graf<script>' }, '/last_name', familyTexts.lastNameInvalid],
      [{ ...LENA, birth_year: 2014.5 }, '/birth_year', familyTexts.birthYearShape],
      [{ ...LENA, birth_year: 2000 }, '/birth_year', familyTexts.birthYearInvalid(2026)],
      [{ ...LENA, birth_year: 2027 }, '/birth_year', familyTexts.birthYearInvalid(2026)],
      [{ first_name: 'Lena', last_name: 'Graf' }, '/birth_year', texts.requiredField],
    ];
    for (const [body, path, message] of cases) {
      const answer = await add(m.player.client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContainEqual(expect.objectContaining({ instancePath: path, message }));
    }
    const extra = await add(m.player.client, { ...LENA, email: 'lena@example.org' });
    expect(extra.status).toBe(400);
    expect(familyTexts.birthYearInvalid(2026)).toBe('Das Geburtsjahr muss zwischen 2001 und 2026 liegen.');
    expect((await list(m.player.client)).body.data).toEqual([]);
  });

  it('keep another member away from a child: 404 to edit or remove, and not in their list', async () => {
    const m = await clubWithMembers(api.url);
    const { body } = await add(m.player.client, LENA);
    const other = await loggedIn(api.url, (await signUp(api.url, m.club._id)).email);
    const edit = await other.client.request<Answer>('PUT', `/api/account/children/${body.data._id}`, LENA);
    expect(edit.status).toBe(404);
    expect(edit.body.error).toBe(familyTexts.childNotFound);
    const remove = await other.client.request<Answer>('DELETE', `/api/account/children/${body.data._id}`, {});
    expect(remove.status).toBe(404);
    expect((await other.client.request<Answer>('DELETE', '/api/account/children/nicht-da', {})).status).toBe(
      404,
    );
    expect((await list(other.client)).body.data).toEqual([]);
    expect((await list(m.player.client)).body.data).toHaveLength(1);
  });

  it('ask for a login', async () => {
    const anonymous = new TestClient(api.url);
    expect((await list(anonymous)).status).toBe(401);
    expect((await add(anonymous, LENA)).status).toBe(401);
  });

  it(`stop at ${CHILDREN_MAX} children`, async () => {
    const m = await clubWithMembers(api.url);
    for (let i = 0; i < CHILDREN_MAX; i++) expect((await add(m.player.client, LENA)).status).toBe(201);
    const one = await add(m.player.client, LENA);
    expect(one.status).toBe(400);
    expect(one.body.error).toBe(familyTexts.tooManyChildren(CHILDREN_MAX));
  });
});
