/**
 * A member's SEPA mandate through the API (docs/architecture/money.md, "SEPA direct debit";
 * docs/privacy.md, "SEPA mandates"): the mandate text before consent, giving (IBAN checked,
 * reference and date ours), the IBAN masked on screens and whole in the member's own export,
 * revoking, erasure, and the IBAN in no event, log line or refusal.
 */
import { describe, expect, it } from 'vitest';
import { mandateText, SEPA_PRE_NOTIFICATION_DAYS, sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { Club } from '@platzbuchung/domain/types';
import { PASSWORD, clubWithMembers, type Members } from '../support/fixtures';
import { TestClient } from '../support/client';
import { apiForFile } from '../support/api-for-file';
import { purgeRevokedMandates } from '../../src/sepa/mandates';

const lines: string[] = [];
const api = apiForFile({
  now: new Date('2026-11-23T23:30:00Z'),
  logDestination: { write: (line: string) => void lines.push(line) },
});

const IBAN = 'DE02120300000000202051';
const creditor = {
  creditor_name: 'TC Grün-Weiß e.V.',
  creditor_iban: 'DE89370400440532013000',
  creditor_id: 'DE98ZZZ09999999999',
};

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});

async function clubCollecting(): Promise<Members> {
  const m = await clubWithMembers(api.url);
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    sepa: creditor,
  });
  expect(saved.status).toBe(200);
  return m;
}

const path = (m: Members) => `/api/account/sepa-mandate?club_id=${m.club._id}`;
const give = (m: Members, body: Record<string, unknown>) => m.player.client.request('PUT', path(m), body);
const read = (m: Members) =>
  m.player.client.get<{
    creditor: { creditor_name: string; creditor_id: string } | null;
    mandate_text: string | null;
    pre_notification_days: number;
    mandate: { reference: string; account_holder: string; iban_masked: string; signed_on: string } | null;
  }>(path(m));
const valid = { account_holder: 'Jürgen Müller', iban: 'de02 1203 0000 0000 2020 51', consent: true };

describe('given a club that collects no direct debits', () => {
  it('when a member reads the mandate, then there is no payee and no text; giving one is refused with 409', async () => {
    const m = await clubWithMembers(api.url);
    expect((await read(m)).body).toEqual({
      creditor: null,
      mandate_text: null,
      pre_notification_days: SEPA_PRE_NOTIFICATION_DAYS,
      mandate: null,
    });
    const refused = await give(m, valid);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: sepaTexts.noDirectDebit });
  });
});

describe('given a club that collects direct debits', () => {
  it('when a member reads it, then the mandate text names the club, its Gläubiger-ID and the pre-notification days', async () => {
    const m = await clubCollecting();
    const { body } = await read(m);
    expect(body.creditor).toEqual({
      creditor_name: creditor.creditor_name,
      creditor_id: creditor.creditor_id,
    });
    expect(body.mandate_text).toBe(mandateText(creditor));
    expect(body.mandate_text).toContain('Ich ermächtige TC Grün-Weiß e.V., Zahlungen von meinem Konto');
    expect(body.mandate_text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
    expect(body.mandate_text).toContain(`mindestens ${SEPA_PRE_NOTIFICATION_DAYS} Tage vor dem Einzug`);
    expect(body.mandate_text).toContain('innerhalb von acht Wochen');
    expect(body.mandate).toBeNull();
  });

  it('when a member gives a mandate, then reference and date (club time) are ours and the IBAN shows only its last four', async () => {
    const m = await clubCollecting();
    const given = await give(m, valid);
    expect(given.status).toBe(200);
    const mandate = (given.body as { mandate: { reference: string } }).mandate;
    expect(given.body).toEqual({
      message: sepaTexts.given,
      mandate: {
        reference: expect.stringMatching(/^PB-[A-Z0-9]{12}$/),
        account_holder: 'Jürgen Müller',
        iban_masked: '•••• •••• •••• •••• ••20 51',
        // 23:30 UTC is already the 24th in Berlin.
        signed_on: '2026-11-24',
      },
    });
    expect((await read(m)).body.mandate).toEqual(mandate);
    expect(JSON.stringify((await read(m)).body)).not.toContain('0000 2020');

    // A new account is a new mandate: the old one is replaced, with a new reference.
    const again = await give(m, { ...valid, iban: 'AT611904300234573201' });
    expect(again.status).toBe(200);
    const second = (again.body as { mandate: { reference: string; iban_masked: string } }).mandate;
    expect(second.reference).not.toBe(mandate.reference);
    expect(second.iban_masked).toBe('•••• •••• •••• •••• 3201');
    expect(
      await api
        .db('sepa_mandates')
        .where({ user_id: await userId(m) })
        .count('* as n'),
    ).toEqual([{ n: 1 }]);
  });

  it('when the member revokes it, then it is gone; revoking again is 404', async () => {
    const m = await clubCollecting();
    await give(m, valid);
    const revoked = await m.player.client.request('DELETE', path(m), {});
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: sepaTexts.revoked });
    expect((await read(m)).body.mandate).toBeNull();
    // Never collected from: nothing is kept.
    expect(await api.db('sepa_mandates').where({ user_id: await userId(m) })).toEqual([]);
    const again = await m.player.client.request('DELETE', path(m), {});
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: sepaTexts.mandateNotFound });
  });

  it('when a mandate that was collected from is revoked, then it is kept 14 months after its last collection, then purged', async () => {
    const m = await clubCollecting();
    await give(m, valid);
    const id = await userId(m);
    await api.db('sepa_mandates').where({ user_id: id }).update({ last_collected_on: '2026-11-01' });
    expect((await m.player.client.request('DELETE', path(m), {})).status).toBe(200);
    expect((await read(m)).body.mandate).toBeNull();
    expect(await purgeRevokedMandates(api.db)).toBe(0);
    expect(await api.db('sepa_mandates').where({ user_id: id }).whereNotNull('revoked_at')).toHaveLength(1);
    await api.db('sepa_mandates').where({ user_id: id }).update({ last_collected_on: '2024-01-31' });
    expect(await purgeRevokedMandates(api.db)).toBeGreaterThanOrEqual(1);
    expect(await api.db('sepa_mandates').where({ user_id: id })).toEqual([]);
  });

  it.each([
    [{ ...valid, iban: 'DE02120300000000202052' }, '/iban', sepaTexts.notSepaIban],
    [{ ...valid, iban: 'BR1800360305000010009795493C1' }, '/iban', sepaTexts.notSepaIban],
    [{ ...valid, iban: 'meine IBAN' }, '/iban', sepaTexts.notSepaIban],
    [{ ...valid, consent: false }, '/consent', sepaTexts.consentRequired],
    [{ account_holder: valid.account_holder, iban: valid.iban }, '/consent', ''],
    [{ ...valid, account_holder: 'J' }, '/account_holder', sepaTexts.accountHolderInvalid],
    [{ ...valid, account_holder: '王小明' }, '/account_holder', sepaTexts.accountHolderLatin],
    [{ ...valid, account_holder: 'Anna\u202eMuster' }, '/account_holder', sepaTexts.accountHolderInvalid],
    [{ ...valid, bic: 'COBADEFFXXX' }, '/bic', '„bic“ ist nicht vorgesehen'],
  ])(
    'when %j is sent, then a German 400 names the field, echoes no IBAN and stores nothing',
    async (body, field, text) => {
      const m = await clubCollecting();
      const answer = await give(m, body);
      expect(answer.status).toBe(400);
      const errors = (answer.body as { error: { instancePath: string; message: string }[] }).error;
      const error = errors.find((e) => e.instancePath === field);
      expect(error?.message).toContain(text);
      expect(JSON.stringify(answer.body)).not.toMatch(/\d{10}/);
      expect((await read(m)).body.mandate).toBeNull();
    },
  );

  it('when someone else calls, then anonymous is 401, another club 403, an inactive member may not give one', async () => {
    const m = await clubCollecting();
    const other = await clubCollecting();
    const anonymous = new TestClient(api.url);
    expect((await anonymous.get(path(m))).status).toBe(401);
    expect((await anonymous.request('PUT', path(m), valid)).status).toBe(401);
    expect((await anonymous.request('DELETE', path(m), {})).status).toBe(401);
    expect((await other.player.client.get(path(m))).status).toBe(403);
    expect((await other.player.client.request('PUT', path(m), valid)).status).toBe(403);
    expect((await other.player.client.request('DELETE', path(m), {})).status).toBe(403);
    const id = await userId(m);
    await m.admin.client.request('PUT', `/api/admin/members/${id}/status?club_id=${m.club._id}`, {
      status: 'inactive',
    });
    expect((await give(m, valid)).status).toBe(403);
  });
});

describe("the member's IBAN", () => {
  it('is whole in their own export, in no event and no log line, and gone with their account', async () => {
    const m = await clubCollecting();
    await give(m, valid);
    const exported = await m.player.client.get<{ sepa_mandates: Record<string, unknown>[] }>(
      '/api/account/export',
    );
    expect(exported.body.sepa_mandates).toEqual([
      expect.objectContaining({
        account_holder: 'Jürgen Müller',
        iban: IBAN,
        iban_masked: '•••• •••• •••• •••• ••20 51',
        mandate_text: mandateText(creditor),
        signed_on: '2026-11-24',
        revoked_at: null,
      }),
    ]);
    const events = await api.db('events').where({ club_id: m.club._id }).select('data');
    expect(JSON.stringify(events)).not.toContain(IBAN);
    expect(lines.filter((line) => line.includes(IBAN) || line.includes('0000 2020'))).toEqual([]);

    const id = await userId(m);
    const erased = await m.player.client.request('DELETE', '/api/account', { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(await api.db('sepa_mandates').where({ user_id: id })).toEqual([]);
    expect(await api.db('sepa_mandates').where({ iban: IBAN }).whereIn('club_id', [m.club._id])).toEqual([]);
  });
});

async function userId(m: Members): Promise<string> {
  return (await m.player.client.get<{ _id: string }>('/api/verifyAuth')).body._id;
}
