import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import * as texts from '@platzbuchung/domain/texts';
import type { Club } from '@platzbuchung/domain/types';
import { TestClient } from './support/client';
import { clubBody, clubWithMembers, registerClub } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** Look-alike clubs, invisible text direction tricks, and requests naming two clubs. */
let api: TestApi;
let anonymous: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  anonymous = new TestClient(api.url);
});
afterAll(() => api.close());

const nameTaken = { error: [{ instancePath: '/name', message: texts.clubNameTaken }] };

describe('club names are unique after folding', () => {
  it.each([
    ['TC Grün-Weiß Lüdenscheid', 'tc grün-weiß lüdenscheid'],
    ['TC Grün-Weiß Ahlen', 'TC Gruen-Weiss Ahlen'.replace('ue', 'ü').replace('ss', 'ß').toUpperCase()],
    ['TC Grün-Weiß Hamm', 'TC Grun Weiss Hamm'],
    // Cyrillic "Т", "С" and "а" for their Latin look-alikes.
    ['TC Grün-Weiß Unna', 'ТС Grün-Weiß Unnа'],
  ])('"%s" is taken, so "%s" is refused and nothing is stored', async (first, second) => {
    await registerClub(api.url, { name: first });
    const [clubs, users] = [await api.countRows('clubs'), await api.countRows('users')];
    const response = await anonymous.post('/api/clubs', clubBody({ name: second }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(nameTaken);
    expect([await api.countRows('clubs'), await api.countRows('users')]).toEqual([clubs, users]);
  });

  it('of two look-alike registrations at the same moment, exactly one succeeds', async () => {
    const names = ['TC Blau-Gelb Soest', 'TC BLAU GELB SOEST', 'ТС Blau-Gelb Soest', 'tc blau-gelb söest'];
    const responses = await Promise.all(
      names.map((name) => anonymous.post('/api/clubs', clubBody({ name }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
  });

  it('an admin cannot rename the club to another club’s look-alike, but may change its own spelling', async () => {
    await registerClub(api.url, { name: 'TC Rot-Weiß Werl' });
    const { club, admin } = await clubWithMembers(api.url, { name: 'TC Schwarz-Gelb Werl' });
    const settings = (name: string) => ({
      name,
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
    });
    const path = `/api/admin/club?club_id=${club._id}`;
    const refused = await admin.client.request('PUT', path, settings('TC Rot-Weiss Werl'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(nameTaken);
    const respelled = await admin.client.request<{ data: Club }>(
      'PUT',
      path,
      settings('TC SCHWARZ-GELB WERL'),
    );
    expect(respelled.status).toBe(200);
    expect(respelled.body.data.name).toBe('TC SCHWARZ-GELB WERL');
  });
});

describe('invisible text direction controls', () => {
  it('a club name with a right-to-left override is refused', async () => {
    const response = await anonymous.post<{ error: { message: string }[] }>(
      '/api/clubs',
      clubBody({ name: 'TC \u202eßieW-nürG' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error[0]!.message).toMatch(/Schreibrichtungszeichen/);
  });

  it('a reservation label with an isolate control is refused and nothing is booked', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const response = await player.client.post(`/api/reservations?club_id=${club._id}`, {
      club_id: club._id,
      court_num: '1',
      start_time: 10,
      end_time: 11,
      date: addDays(new Date().toISOString().slice(0, 10), 1),
      label: 'Training \u2066Herren\u2069',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Die Bezeichnung darf keine Steuer- oder Schreibrichtungszeichen enthalten.',
    });
    expect(await api.db('reservations').where({ club_id: club._id })).toEqual([]);
  });
});

describe('a request naming two clubs', () => {
  it('query and body that disagree → 400, even when one of them is the member’s own', async () => {
    const own = await clubWithMembers(api.url);
    const other = await registerClub(api.url);
    const body = (clubId: string) => ({
      club_id: clubId,
      court_num: '1',
      start_time: 12,
      end_time: 13,
      date: addDays(new Date().toISOString().slice(0, 10), 2),
    });
    for (const [query, inBody] of [
      [own.club._id, other.club._id],
      [other.club._id, own.club._id],
    ] as const) {
      const response = await own.player.client.post(`/api/reservations?club_id=${query}`, body(inBody));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: texts.clubIdMismatch });
    }
    const agreed = await own.player.client.post(
      `/api/reservations?club_id=${own.club._id}`,
      body(own.club._id),
    );
    expect(agreed.status).toBe(201);
  });
});
