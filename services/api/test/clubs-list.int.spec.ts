import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Club } from '@platzbuchung/domain/types';
import { TestClient } from './support/client';
import { clubWithMembers, registerClub } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** GET /api/clubs: the plain list every client relies on, cheap to repeat, and a search. */
let api: TestApi;
let anonymous: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  anonymous = new TestClient(api.url);
  for (const name of [
    'TC Grün-Weiß Arnsberg',
    'TC Blau-Weiß Arnsberg',
    'SV Grünau',
    'Tennisfreunde Meschede',
    'Grünweiß Eslohe',
  ]) {
    await registerClub(api.url, { name });
  }
});
afterAll(() => api.close());

const names = (clubs: Club[]) => clubs.map((club) => club.name);

describe('the plain call', () => {
  it('answers every club, sorted by name, with the original client’s fields, member approval, the club-local rules and court names', async () => {
    const response = await anonymous.get<Club[]>('/api/clubs');
    expect(response.status).toBe(200);
    const fromDb = await api
      .db('clubs')
      .orderBy([{ column: 'name' }, { column: 'id' }])
      .pluck('name');
    expect(names(response.body)).toEqual(fromDb);
    expect(Object.keys(response.body[0]!).sort()).toEqual(
      [
        ...['_id', 'courts_count', 'end_hour', 'name', 'reservations_limit', 'start_hour'],
        'member_approval',
        ...['time_zone', 'booking_horizon_days', 'cancel_deadline_hours', 'has_rules'],
        'court_names',
      ].sort(),
    );
  });

  it('a browser that holds the answer gets a 304 until a club is added or renamed', async () => {
    const first = await anonymous.get('/api/clubs');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${api.url}/api/clubs`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await registerClub(api.url, { name: 'TC Neu Sundern' });
    const afterInsert = await fetch(`${api.url}/api/clubs`, { headers: { 'If-None-Match': etag } });
    expect(afterInsert.status).toBe(200);
    expect(names((await afterInsert.json()) as Club[])).toContain('TC Neu Sundern');

    const { club, admin } = await clubWithMembers(api.url, { name: 'TC Alt Brilon' });
    const before = (await anonymous.get('/api/clubs')).headers.get('etag')!;
    const rename = await admin.client.request('PUT', `/api/admin/club?club_id=${club._id}`, {
      name: 'TC Umbenannt Brilon',
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
    });
    expect(rename.status).toBe(200);
    const afterRename = await fetch(`${api.url}/api/clubs`, { headers: { 'If-None-Match': before } });
    expect(afterRename.status).toBe(200);
    const renamed = names((await afterRename.json()) as Club[]);
    expect(renamed).toContain('TC Umbenannt Brilon');
    expect(renamed).not.toContain('TC Alt Brilon');
  });
});

describe('?q= and ?limit=', () => {
  it('finds clubs by folded name: case, accents and look-alike letters do not matter', async () => {
    for (const q of ['grün', 'GRUN', 'gruen'.replace('ue', 'u'), 'Grüп'.replace('п', 'n'), 'Grün-Weiß']) {
      const response = await anonymous.get<Club[]>(`/api/clubs?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(names(response.body), q).toContain('TC Grün-Weiß Arnsberg');
    }
    const cyrillic = await anonymous.get<Club[]>(`/api/clubs?q=${encodeURIComponent('Меschede')}`);
    expect(names(cyrillic.body)).toEqual(['Tennisfreunde Meschede']);
  });

  it('names that start with the query come first; limit caps the answer', async () => {
    const response = await anonymous.get<Club[]>('/api/clubs?q=grun');
    expect(names(response.body)[0]).toBe('Grünweiß Eslohe');
    expect(names(response.body)).toEqual(
      expect.arrayContaining(['SV Grünau', 'TC Grün-Weiß Arnsberg', 'Grünweiß Eslohe']),
    );
    expect((await anonymous.get<Club[]>('/api/clubs?q=arnsberg&limit=1')).body).toHaveLength(1);
    expect((await anonymous.get<Club[]>('/api/clubs?limit=2')).body).toHaveLength(2);
  });

  it('a bad limit or an overlong query → 400 with a German text', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      `q=${'x'.repeat(81)}`,
      'q=a&q=b',
    ]) {
      const response = await anonymous.get<{ error: string }>(`/api/clubs?${query}`);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });
});
