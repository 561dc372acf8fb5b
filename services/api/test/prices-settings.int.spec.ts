/**
 * Prices through the API (docs/architecture/money.md): saved with the club's settings, "absent =
 * unchanged", refused with German field errors, read back by the admin and by members (the
 * Platzordnung and the booking popup price hours by them), written in the log's words, replayed
 * from the log, and no other club's business.
 */
import { describe, expect, it } from 'vitest';
import { priceTexts } from '@platzbuchung/domain/money/prices';
import { settingsChangeLines } from '@platzbuchung/domain/events/describe';
import type { ClubSettingsChanged } from '@platzbuchung/domain/clubs/events';
import type { Club } from '@platzbuchung/domain/types';
import type { PriceRule } from '@platzbuchung/domain/schemas';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { clubWithMembers, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

const NOW = new Date('2026-11-23T12:00:00Z');
const api = apiForFile({ now: NOW });

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
const save = (m: Members, changes: Record<string, unknown>) =>
  m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, { ...core(m.club), ...changes });
const adminRead = (m: Members) =>
  m.admin.client.get<{ prices: PriceRule[]; split_court_fee: boolean }>(
    `/api/admin/club?club_id=${m.club._id}`,
  );
const memberRead = (m: Members) => m.player.client.get<{ prices: PriceRule[] }>('/api/club/rules');

const hall: PriceRule = {
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 20,
  cents_per_hour: 1800,
};
const floodlight: PriceRule = {
  ...hall,
  label: 'Flutlicht',
  courts: ['2'],
  from_hour: 17,
  cents_per_hour: 300,
};

describe('given a club that never set prices', () => {
  it('when the admin and a member read the club, then there are none and the fee is not split', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    expect((await adminRead(m)).body).toMatchObject({ prices: [], split_court_fee: false });
    expect((await memberRead(m)).body.prices).toEqual([]);
    const listed = (await m.player.client.get<Club[]>('/api/clubs')).body.find((c) => c._id === m.club._id);
    expect(listed?.has_rules).toBe(false);
  });
});

describe('given an admin setting prices', () => {
  it('when saved, then admin and members read them back, a save without them keeps them, and the log says so', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    const other = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    const saved = await save(m, { prices: [hall, floodlight], split_court_fee: true });
    expect(saved.status).toBe(200);
    expect((await adminRead(m)).body).toMatchObject({ prices: [hall, floodlight], split_court_fee: true });
    expect((await memberRead(m)).body.prices).toEqual([hall, floodlight]);
    // The Platzordnung page now has something to say, so the members' navigation links it.
    const listed = (await m.player.client.get<Club[]>('/api/clubs')).body.find((c) => c._id === m.club._id);
    expect(listed?.has_rules).toBe(true);

    await save(m, { reservations_limit: 5 });
    expect((await adminRead(m)).body).toMatchObject({ prices: [hall, floodlight], split_court_fee: true });

    // Another club is not touched.
    expect((await adminRead(other)).body).toMatchObject({ prices: [], split_court_fee: false });
    expect((await memberRead(other)).body.prices).toEqual([]);

    const changes = await m.admin.client.get<{ position: number; data: ClubSettingsChanged['data'] }[]>(
      `/api/admin/changes?club_id=${m.club._id}`,
    );
    const priced = changes.body.find((change) => change.position === 1)!;
    expect(settingsChangeLines(priced)).toEqual([
      'Preise: keine → Hallenmiete: 18,00\u00a0€ pro Stunde, Mo–So 8–20 Uhr, alle Plätze; Flutlicht: 3,00\u00a0€ pro Stunde, Mo–So 17–20 Uhr, Platz 2',
      'Platzgebühr geteilt: nein → ja',
    ]);
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it('when the table is wiped, then a rebuild from the log brings the prices back', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    await save(m, { prices: [hall], split_court_fee: true });
    await api.db('clubs').where({ id: m.club._id }).update({ prices: '[]', split_court_fee: false });
    await rebuildProjections(api.db, ['club-settings']);
    expect((await adminRead(m)).body).toMatchObject({ prices: [hall], split_court_fee: true });
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it.each([
    [[{ ...hall, label: '' }], '/prices/0/label', 'Bezeichnung'],
    [[{ ...hall, label: '   ' }], '/prices/0/label', priceTexts.blankLabel],
    [[{ ...hall, label: 'x'.repeat(41) }], '/prices/0/label', 'bis 40 Zeichen'],
    [[{ ...hall, courts: ['5'] }], '/prices/0/courts', priceTexts.unknownCourt('5', 4)],
    [[{ ...hall, days: [8] }], '/prices/0/days', 'Wochentag'],
    [[{ ...hall, from_hour: 12, to_hour: 12 }], '/prices/0/to_hour', 'nach seinem Beginn'],
    [[{ ...hall, from_hour: 7 }], '/prices/0/from_hour', priceTexts.outsideOpeningHours(8, 20)],
    [[{ ...hall, to_hour: 21 }], '/prices/0/from_hour', priceTexts.outsideOpeningHours(8, 20)],
    [[{ ...hall, cents_per_hour: 50001 }], '/prices/0/cents_per_hour', '500,00 €'],
    [[{ ...hall, cents_per_hour: 18.5 }], '/prices/0/cents_per_hour', 'ganzen Cent'],
    [Array.from({ length: 31 }, () => hall), '/prices', 'Höchstens 30 Preise.'],
  ])(
    'when %j is sent, then a German 400 names the field and nothing changes',
    async (prices, field, message) => {
      const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
      const answer = await save(m, { prices });
      expect(answer.status).toBe(400);
      const errors = (answer.body as { error: { instancePath: string; message: string }[] }).error;
      expect(errors.find((e) => e.instancePath.startsWith(field))?.message).toContain(message);
      expect((await adminRead(m)).body.prices).toEqual([]);
    },
  );

  it('when split_court_fee is not a boolean, then a German 400 says so', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    const answer = await save(m, { split_court_fee: 'vielleicht' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Platzgebühr geteilt');
  });

  it('when the payment mode is unknown, then a German 400 says which there are', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
    const answer = await save(m, { payment: 'monthly' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).not.toContain('must');
  });
});
