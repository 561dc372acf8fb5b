/**
 * Court names through the API (docs/architecture/club-time.md, "Court names"): saved with the club's
 * settings, trimmed, "absent = unchanged", refused with German field errors, sent with the club to
 * every screen, dropped with a court given up, written in the log's words, and replayed from the log.
 */
import { describe, expect, it } from 'vitest';
import { courtNamesTexts, unknownCourtText } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { runEventsCli } from './support/events-cli';
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
const clubsList = async (m: Members) =>
  (await m.player.client.get<Club[]>('/api/clubs')).body.find((c) => c._id === m.club._id)!;

describe('given a club that never named its courts', () => {
  it('when a member reads the club, then it has no names', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4 });
    expect((await clubsList(m)).court_names).toEqual({});
  });
});

describe('given an admin naming courts', () => {
  it('when names are saved, then they are trimmed, every reader of the club gets them, and the log says so', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4 });
    const saved = await save(m, { court_names: { '1': '  Center Court ', '3': 'Halle', '4': ' ' } });
    expect(saved.status).toBe(200);
    const names = { '1': 'Center Court', '3': 'Halle' };
    expect((saved.body as { data: Club }).data.court_names).toEqual(names);
    expect((await clubsList(m)).court_names).toEqual(names);
    const read = await m.admin.client.get<Club>(`/api/admin/club?club_id=${m.club._id}`);
    expect(read.body.court_names).toEqual(names);

    // A save that leaves them out keeps them.
    await save(m, { reservations_limit: 5 });
    expect((await clubsList(m)).court_names).toEqual(names);

    const changes = await m.admin.client.get<{ kind: string; data: unknown }[]>(
      `/api/admin/changes?club_id=${m.club._id}`,
    );
    expect(JSON.stringify(changes.body)).toContain('"court_names":{"1":"Center Court","3":"Halle"}');
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it('when the operators read the log, then a booking’s line names the court as the club does', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4 });
    await save(m, { court_names: { '2': 'Center Court' } });
    const booked = await m.player.client.post('/api/reservations', {
      club_id: m.club._id,
      court_num: '2',
      date: '2026-11-24',
      start_time: 10,
      end_time: 11,
    });
    expect(booked.status).toBe(201);
    const run = await runEventsCli(
      api.databaseUrl!,
      'list',
      '--club',
      m.club.name,
      '--type',
      'ReservationMade',
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Center Court · Di., 24.11.2026 · 10-11 Uhr');
  });

  it('when a court is given up, then its name goes with it, and a rebuild agrees', async () => {
    const m = await clubWithMembers(api.url, { courts_count: 4 });
    await save(m, { court_names: { '1': 'Center Court', '4': 'Halle' } });
    expect((await save(m, { courts_count: 3 })).status).toBe(200);
    expect((await clubsList(m)).court_names).toEqual({ '1': 'Center Court' });
    await api.db('clubs').where({ id: m.club._id }).update({ court_names: '{}' });
    await rebuildProjections(api.db, ['club-settings']);
    expect((await clubsList(m)).court_names).toEqual({ '1': 'Center Court' });
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it.each([
    [{ '2': 'x'.repeat(31) }, '/court_names/2', courtNamesTexts.tooLong('2')],
    [{ '1': 'Halle', '2': 'HALLE ' }, '/court_names/2', courtNamesTexts.taken('2', '1', 'HALLE')],
    [{ '1': 'Platz 2' }, '/court_names/1', courtNamesTexts.taken('1', '2', 'Platz 2')],
    [{ '5': 'Halle' }, '/court_names/5', unknownCourtText(4)],
    [
      { '01': 'Halle' },
      '/court_names',
      'Platznamen: je Platznummer ein Name von höchstens 30 Zeichen, ohne Steuerzeichen.',
    ],
  ])(
    'when %j is sent, then a German 400 names the field and nothing changes',
    async (names, field, message) => {
      const m = await clubWithMembers(api.url, { courts_count: 4 });
      const answer = await save(m, { court_names: names });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: [{ instancePath: field, message }] });
      expect((await clubsList(m)).court_names).toEqual({});
    },
  );
});
