/**
 * The club's play rules through the API (docs/who-plays.md): saved through
 * `ClubSettingsChanged` with "absent = unchanged", refused with German field errors, read by the
 * admin and by members on the Platzordnung page, and replayed as the defaults from older events.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import * as texts from '@platzbuchung/domain/texts';
import type { Club } from '@platzbuchung/domain/types';
import { lockClub } from '../src/commands/club-lock';
import { appendEvents } from '../src/events/store';
import { project, rebuildProjections, verifyProjections } from '../src/projections/registry';
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
  m.admin.client.get<Record<string, unknown>>(`/api/admin/club?club_id=${m.club._id}`);
const memberRead = (m: Members) =>
  m.player.client.get<Record<string, unknown>>(`/api/club/rules?club_id=${m.club._id}`);

const primeTime = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 };

describe('given a club that never set its play rules', () => {
  it('when the admin and a member read them, then both see the defaults', async () => {
    const m = await clubWithMembers(api.url);
    expect((await adminRead(m)).body).toMatchObject({ ...DEFAULT_PLAY_RULES, name: m.club.name });
    expect((await memberRead(m)).body).toEqual({
      rules: '',
      ...DEFAULT_PLAY_RULES,
      prices: [],
      payment: 'none',
      own_category: 'mitglied',
    });
  });
});

describe('given an admin saving play rules', () => {
  it('when some are named, then those change, the others stay, and members read them', async () => {
    const m = await clubWithMembers(api.url);
    const first = await save(m, { co_players: 'required', guests: true, guest_fee_cents: 500 });
    expect(first.status).toBe(200);
    await save(m, { quotas: [primeTime], quota_exempt_hours: 24 });
    const expected = {
      ...DEFAULT_PLAY_RULES,
      co_players: 'required',
      guests: true,
      guest_fee_cents: 500,
      quotas: [primeTime],
      quota_exempt_hours: 24,
    };
    expect((await adminRead(m)).body).toMatchObject(expected);
    expect((await memberRead(m)).body).toEqual({
      rules: '',
      ...expected,
      prices: [],
      payment: 'none',
      own_category: 'mitglied',
    });
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it.each([
    [{ co_players: 'always' }, '/co_players', 'Mitspieler: bitte „off“, „optional“ oder „required“ wählen.'],
    [{ doubles_hours: 3 }, '/doubles_hours', 'Ein Doppel dauert 1 oder 2 Stunden.'],
    [{ guests: 'vielleicht' }, '/guests', 'Ob Gäste erlaubt sind, muss „true“ oder „false“ sein.'],
    [
      { guest_fee_cents: 10001 },
      '/guest_fee_cents',
      'Die Gastgebühr muss zwischen 0,00 € und 100,00 € pro Stunde liegen.',
    ],
    [
      { quota_exempt_hours: 49 },
      '/quota_exempt_hours',
      'Die Kurzfrist-Ausnahme muss zwischen 0 und 48 Stunden liegen.',
    ],
    [{ quotas: Array.from({ length: 6 }, () => primeTime) }, '/quotas', 'Höchstens 5 Kontingente.'],
    [
      { quotas: [{ ...primeTime, to_hour: 17 }] },
      '/quotas/0/to_hour',
      'Ein Kontingent endet zwischen 1 und 24 Uhr und nach seinem Beginn.',
    ],
    [
      { quotas: [{ ...primeTime, days: [1, 1] }] },
      '/quotas/0/days',
      'Bitte wählen Sie für jedes Kontingent mindestens einen Wochentag, jeden nur einmal.',
    ],
    [
      { quotas: [{ ...primeTime, days: [] }] },
      '/quotas/0/days',
      'Bitte wählen Sie für jedes Kontingent mindestens einen Wochentag, jeden nur einmal.',
    ],
    [{ quotas: [{ days: [1] }] }, '/quotas/0/from_hour', texts.requiredField],
    [
      { quotas: [{ ...primeTime, hours_per_week: 0 }] },
      '/quotas/0/hours_per_week',
      'Ein Kontingent erlaubt 1 bis 168 Stunden pro Woche.',
    ],
  ])('when %j is sent, then a German 400 names the field', async (changes, field, message) => {
    const m = await clubWithMembers(api.url);
    const answer = await save(m, changes);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(field);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect((await adminRead(m)).body).toMatchObject(DEFAULT_PLAY_RULES);
  });
});

describe('given settings events written before the play rules', () => {
  it('when replayed, then the club has the defaults, and rebuild and verify agree', async () => {
    const m = await clubWithMembers(api.url);
    await save(m, { co_players: 'optional', quotas: [primeTime] });
    const legacy = { ...core(m.club), courts_count: 5 };
    await api.db.transaction(async (trx) => {
      await lockClub(trx, m.club._id);
      const stored = await appendEvents(
        trx,
        [{ type: 'ClubSettingsChanged', club_id: m.club._id, data: { before: core(m.club), after: legacy } }],
        new Map(),
        { club_id: m.club._id, actor_id: m.admin.user._id, occurred_at: NOW },
      );
      await project(trx, stored);
    });
    expect((await memberRead(m)).body).toEqual({
      rules: '',
      ...DEFAULT_PLAY_RULES,
      prices: [],
      payment: 'none',
      own_category: 'mitglied',
    });
    await api
      .db('clubs')
      .where({ id: m.club._id })
      .update({ play_rules: JSON.stringify({ co_players: 'required' }) });
    await rebuildProjections(api.db, ['club-settings']);
    const row = await api.db('clubs').where({ id: m.club._id }).first('play_rules');
    expect(row.play_rules).toEqual(DEFAULT_PLAY_RULES);
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });
});
