/**
 * The club as SEPA creditor through the API (docs/architecture/money.md, "SEPA direct debit"): saved with the
 * club's settings (absent = unchanged, null = no direct debit), numbers checked by their check
 * digits with German 400s, recorded in electronic form, written in the log's words with the IBAN
 * masked, replayed from the log.
 */
import { describe, expect, it } from 'vitest';
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import { settingsChangeLines } from '@platzbuchung/domain/events/describe';
import type { ClubSettingsChanged } from '@platzbuchung/domain/clubs/events';
import type { Club } from '@platzbuchung/domain/types';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';
import { rebuildProjections, verifyProjections } from '../../src/projections/registry';
import { clubWithMembers, type Members } from '../support/fixtures';
import { apiForFile } from '../support/api-for-file';

const api = apiForFile({ now: new Date('2026-11-23T12:00:00Z') });

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
  m.admin.client.get<{ sepa: SepaCreditor | null }>(`/api/admin/club?club_id=${m.club._id}`);

const typed = {
  creditor_name: 'TC Grün-Weiß e.V.',
  creditor_iban: 'de89 3704 0044 0532 0130 00',
  creditor_bic: 'cobadeffxxx',
  creditor_id: 'DE98 ZZZ 0999 9999 999',
};
const recorded: SepaCreditor = {
  creditor_name: 'TC Grün-Weiß e.V.',
  creditor_iban: 'DE89370400440532013000',
  creditor_bic: 'COBADEFFXXX',
  creditor_id: 'DE98ZZZ09999999999',
};

describe('given a club that never set up direct debit', () => {
  it('when the admin reads the club, then sepa is null', async () => {
    const m = await clubWithMembers(api.url);
    expect((await adminRead(m)).body.sepa).toBeNull();
  });
});

describe('given an admin saving the club as creditor', () => {
  it('when saved, then it reads back in electronic form, a save without it keeps it, null ends it, and the log masks the IBAN', async () => {
    const m = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const saved = await save(m, { sepa: typed });
    expect(saved.status).toBe(200);
    expect((saved.body as { data: { sepa: SepaCreditor } }).data.sepa).toEqual(recorded);
    expect((await adminRead(m)).body.sepa).toEqual(recorded);

    await save(m, { reservations_limit: 4 });
    expect((await adminRead(m)).body.sepa).toEqual(recorded);
    expect((await adminRead(other)).body.sepa).toBeNull();

    const changes = await m.admin.client.get<{ position: number; data: ClubSettingsChanged['data'] }[]>(
      `/api/admin/changes?club_id=${m.club._id}`,
    );
    const first = changes.body.find((change) => change.position === 1)!;
    expect(settingsChangeLines(first)).toEqual([
      'Lastschrift (SEPA): keine → TC Grün-Weiß e.V., IBAN •••• •••• •••• •••• ••30 00, BIC COBADEFFXXX, Gläubiger-ID DE98ZZZ09999999999',
    ]);

    expect((await save(m, { sepa: null })).status).toBe(200);
    expect((await adminRead(m)).body.sepa).toBeNull();
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it('when the column is wiped, then a rebuild from the log brings it back', async () => {
    const m = await clubWithMembers(api.url);
    await save(m, { sepa: { ...typed, creditor_bic: undefined } });
    await api.db('clubs').where({ id: m.club._id }).update({ sepa: null });
    await rebuildProjections(api.db, ['club-settings']);
    const { creditor_bic: _bic, ...withoutBic } = recorded;
    expect((await adminRead(m)).body.sepa).toEqual(withoutBic);
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it.each([
    [{ ...typed, creditor_iban: 'DE89370400440532013001' }, '/sepa/creditor_iban', sepaTexts.invalidIban],
    [
      { ...typed, creditor_iban: 'BR1800360305000010009795493C1' },
      '/sepa/creditor_iban',
      sepaTexts.invalidIban,
    ],
    [{ ...typed, creditor_iban: 'keine IBAN' }, '/sepa/creditor_iban', 'IBAN des Vereinskontos'],
    [{ ...typed, creditor_bic: 'COBADEFFXX' }, '/sepa/creditor_bic', 'BIC'],
    [{ ...typed, creditor_id: 'DE97ZZZ09999999999' }, '/sepa/creditor_id', sepaTexts.invalidCreditorId],
    [{ ...typed, creditor_id: 'Gläubiger' }, '/sepa/creditor_id', 'Gläubiger-ID'],
    [{ ...typed, creditor_name: '   ' }, '/sepa/creditor_name', sepaTexts.blankCreditorName],
    [{ ...typed, creditor_name: 'x'.repeat(71) }, '/sepa/creditor_name', '70 Zeichen'],
    [{ creditor_name: 'TC' }, '/sepa/creditor_iban', 'This is a required field'],
    [{ ...typed, purpose: 'x' }, '/sepa', '„purpose“ ist nicht vorgesehen'],
    ['ja', '/sepa', 'Lastschrift'],
  ])(
    'when %j is sent, then a German 400 names the field and nothing changes',
    async (sepa, field, message) => {
      const m = await clubWithMembers(api.url);
      const answer = await save(m, { sepa });
      expect(answer.status).toBe(400);
      const errors = (answer.body as { error: { instancePath: string; message: string }[] }).error;
      expect(errors.find((e) => e.instancePath.startsWith(field))?.message).toContain(message);
      expect((await adminRead(m)).body.sepa).toBeNull();
    },
  );
});
