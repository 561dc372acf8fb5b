/**
 * SEPA collections and returns through the API (docs/architecture/money.md, "SEPA direct debit"):
 * every positive balance with a mandate is collected once per day as a payment on the member's
 * account, the file for the bank is valid against the official XSD (FRST first, RCUR after), each
 * member is told beforehand exactly once, and a returned debit is owed again with the bank's fee.
 */
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { noticeText, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { Club } from '@platzbuchung/domain/types';
import { TestClient } from '../support/client';
import { apiForFile } from '../support/api-for-file';
import { clubWithMembers, loggedIn, signUp, unique, type Members } from '../support/fixtures';
import { deliverNotices, lastPosition } from '../support/notices';
import { validatePain008 } from '../support/pain008-schema';

const lines: string[] = [];
const api = apiForFile({
  now: new Date('2026-11-23T12:00:00Z'),
  logDestination: { write: (line: string) => void lines.push(line) },
});

const creditor = {
  creditor_name: 'TC Grün-Weiß e.V.',
  creditor_iban: 'DE89370400440532013000',
  creditor_bic: 'COBADEFFXXX',
  creditor_id: 'DE98ZZZ09999999999',
};
const IBAN_A = 'DE02120300000000202051';
const IBAN_B = 'AT611904300234573201';

type Client = Members['admin']['client'];
interface Member {
  id: string;
  client: Client;
}

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});

async function member(m: Members, first_name: string): Promise<Member> {
  const { email } = await signUp(api.url, m.club._id, { first_name });
  const { client, user } = await loggedIn(api.url, email);
  return { id: user._id, client };
}

const giveMandate = (m: Members, who: Member, account_holder: string, iban: string) =>
  who.client.request('PUT', `/api/account/sepa-mandate?club_id=${m.club._id}`, {
    account_holder,
    iban,
    consent: true,
  });

async function charge(m: Members, who: Member, cents: number) {
  const answer = await m.admin.client.post(`/api/admin/accounts/${who.id}/entries?club_id=${m.club._id}`, {
    kind: 'charge',
    cents,
    text: 'Hallenmiete',
    idempotency_key: unique(),
  });
  expect(answer.status).toBe(201);
}

const balanceOf = async (m: Members, who: Member) =>
  (
    await m.admin.client.get<{ balance_cents: number; data: { kind: string; payment_id: string | null }[] }>(
      `/api/admin/accounts/${who.id}/entries?club_id=${m.club._id}`,
    )
  ).body;

const collect = (m: Members, collection_date: string, client: Client = m.admin.client) =>
  client.post<{ message: string; id: string; created: boolean; count: number; total_cents: number }>(
    `/api/admin/sepa/collections?club_id=${m.club._id}`,
    { collection_date },
  );

const fileOf = (m: Members, id: string, client: Client = m.admin.client) =>
  client.get<string>(`/api/admin/sepa/collections/${id}.xml?club_id=${m.club._id}`);

/** A club collecting by direct debit: Anna and Boris with mandates and debts, Carla owes without one, Dora has a mandate and owes nothing. */
async function collectingClub() {
  const m = await clubWithMembers(api.url);
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    sepa: creditor,
  });
  expect(saved.status).toBe(200);
  const [anna, boris, carla, dora] = [
    await member(m, 'Anna'),
    await member(m, 'Boris'),
    await member(m, 'Carla'),
    await member(m, 'Dora'),
  ] as [Member, Member, Member, Member];
  expect((await giveMandate(m, anna, 'Anna Müller', IBAN_A)).status).toBe(200);
  expect((await giveMandate(m, boris, 'Boris Ørsted', IBAN_B)).status).toBe(200);
  expect((await giveMandate(m, dora, 'Dora Muster', 'DE89370400440532013000')).status).toBe(200);
  await charge(m, anna, 2100);
  await charge(m, boris, 1999);
  await charge(m, carla, 1500);
  return { m, anna, boris, carla, dora };
}

/** The file's debits: end-to-end id, amount, sequence, debtor's IBAN. */
function debitsIn(xml: string) {
  type El = { textContent: string | null; getElementsByTagName(name: string): ArrayLike<El> & Iterable<El> };
  const root = create(xml).root().node as unknown as El;
  const text = (within: El, name: string) => within.getElementsByTagName(name)[0]?.textContent ?? '';
  return [...root.getElementsByTagName('PmtInf')].flatMap((block) =>
    [...block.getElementsByTagName('DrctDbtTxInf')].map((debit) => ({
      sequence: text(block, 'SeqTp'),
      amount: text(debit, 'InstdAmt'),
      iban: text(debit, 'IBAN'),
      name: text(debit, 'Nm'),
    })),
  );
}

describe('given members who owe the club, some with a mandate', () => {
  it('when the treasurer collects, then each owed balance with a mandate is paid, once per day, and the file is valid', async () => {
    const { m, anna, boris, carla, dora } = await collectingClub();
    const before = await lastPosition(api.db);

    const first = await collect(m, '2026-12-01');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: sepaTexts.collected(2, 4099),
      created: true,
      count: 2,
      total_cents: 4099,
    });
    expect((await balanceOf(m, anna)).balance_cents).toBe(0);
    expect((await balanceOf(m, boris)).balance_cents).toBe(0);
    expect((await balanceOf(m, carla)).balance_cents).toBe(1500);
    expect((await balanceOf(m, dora)).balance_cents).toBe(0);

    // The same day again: the first collection is named, nothing is collected twice.
    const events = async () =>
      Number(
        (await api.db('events').where({ club_id: m.club._id, type: 'PaymentRecorded' }).count('* as n'))[0]!
          .n,
      );
    expect(await events()).toBe(2);
    const again = await collect(m, '2026-12-01');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, created: false, count: 2, total_cents: 4099 });
    expect(await events()).toBe(2);

    const file = await fileOf(m, first.body.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/xml');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="lastschrift-2026-12-01.xml"');
    const xml = String(file.body);
    expect((await validatePain008(xml)).valid).toBe(true);
    expect(debitsIn(xml).sort((a, b) => a.amount.localeCompare(b.amount))).toEqual([
      { sequence: 'FRST', amount: '19.99', iban: IBAN_B, name: 'Boris Oersted' },
      { sequence: 'FRST', amount: '21.00', iban: IBAN_A, name: 'Anna Mueller' },
    ]);
    expect(xml).toContain('<CtrlSum>40.99</CtrlSum>');
    expect(String((await fileOf(m, first.body.id)).body)).toBe(xml);

    // Each member hears of their debit beforehand, once, however often the events are handed over.
    await deliverNotices(api.db, before);
    await deliverNotices(api.db, before);
    const mails: { user_id: string; payload: { facts: NoticeFacts } }[] = await api
      .db('mail_outbox')
      .where({ club_id: m.club._id, kind: 'sepa-pre-notification' })
      .select('user_id', 'payload');
    expect(mails.map((mail) => mail.user_id).sort()).toEqual([anna.id, boris.id].sort());
    const annas = mails.find((mail) => mail.user_id === anna.id)!.payload.facts;
    // The pre-notification names nobody beside its recipient.
    const words = noticeText(annas, () => {
      throw new Error('names nobody');
    });
    expect(words.paragraphs[0]).toBe('Ihre Lastschrift über 21,00\u00a0€ wird am 01.12.2026 eingezogen.');
    expect(words.paragraphs[1]).toContain('Gläubiger-ID DE98ZZZ09999999999, Mandatsreferenz PB-');

    // No IBAN in the log or a log line.
    const logged = JSON.stringify(await api.db('events').where({ club_id: m.club._id }).select('data'));
    expect(logged).not.toContain(IBAN_A);
    expect(lines.filter((line) => line.includes(IBAN_A) || line.includes(IBAN_B))).toEqual([]);
  });

  it('when the member owes again, then the next collection debits the mandate as recurring (RCUR)', async () => {
    const { m, anna, boris } = await collectingClub();
    await collect(m, '2026-12-01');
    await charge(m, anna, 500);
    // Boris gives a new mandate (a new account): his next debit is a first one again.
    expect((await giveMandate(m, boris, 'Boris Ørsted', 'DE02120300000000202051')).status).toBe(200);
    await charge(m, boris, 700);
    const second = await collect(m, '2026-12-08');
    expect(second.status).toBe(201);
    const xml = String((await fileOf(m, second.body.id)).body);
    expect((await validatePain008(xml)).valid).toBe(true);
    expect(debitsIn(xml).map(({ sequence, amount }) => ({ sequence, amount }))).toEqual([
      { sequence: 'FRST', amount: '7.00' },
      { sequence: 'RCUR', amount: '5.00' },
    ]);
  });

  it('when a debit comes back, then its amount and the fee are owed again, once', async () => {
    const { m, anna } = await collectingClub();
    await collect(m, '2026-12-01');
    const paymentId = (await balanceOf(m, anna)).data.find((line) => line.kind === 'payment')!.payment_id!;
    const path = `/api/admin/sepa/returns?club_id=${m.club._id}`;
    const returned = await m.admin.client.post(path, { payment_id: paymentId, fee_cents: 300 });
    expect(returned.status).toBe(201);
    expect(returned.body).toEqual({ message: sepaTexts.returnRecorded });
    expect((await balanceOf(m, anna)).balance_cents).toBe(2400);
    const twice = await m.admin.client.post(path, { payment_id: paymentId, fee_cents: 300 });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'Diese Zahlung wurde bereits zurückgebucht.' });
    expect((await balanceOf(m, anna)).balance_cents).toBe(2400);

    const unknown = await m.admin.client.post(path, { payment_id: crypto.randomUUID(), fee_cents: 0 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: sepaTexts.paymentNotFound });
    for (const body of [
      { payment_id: paymentId, fee_cents: -1 },
      { payment_id: paymentId, fee_cents: 1.5 },
      { payment_id: 'x', fee_cents: 0 },
      { fee_cents: 0 },
    ]) {
      const refused = await m.admin.client.post(path, body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).not.toContain('must');
    }
    const other = await clubWithMembers(api.url);
    expect(
      (
        await other.admin.client.post(`/api/admin/sepa/returns?club_id=${other.club._id}`, {
          payment_id: paymentId,
          fee_cents: 0,
        })
      ).status,
    ).toBe(404);
  });
});

describe('refusals', () => {
  it('a day too soon for the pre-notification, a day that is none, or more than a year ahead is a German 400', async () => {
    const { m } = await collectingClub();
    const soon = await collect(m, '2026-11-27');
    expect(soon.status).toBe(400);
    expect(soon.body).toEqual({
      error: [{ instancePath: '/collection_date', message: sepaTexts.collectionTooSoon(5, '28.11.2026') }],
    });
    expect((await collect(m, '2026-11-28')).status).toBe(201);
    expect((await collect(m, '2026-02-30')).status).toBe(400);
    expect((await collect(m, '2027-12-01')).status).toBe(400);
    const missing = await m.admin.client.post(`/api/admin/sepa/collections?club_id=${m.club._id}`, {});
    expect(missing.status).toBe(400);
  });

  it('a club without creditor data, or with nothing due, is a 409 and stores nothing', async () => {
    const plain = await clubWithMembers(api.url);
    const none = await collect(plain, '2026-12-01');
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ error: sepaTexts.noCreditor });

    const { m, anna, boris } = await collectingClub();
    await collect(m, '2026-12-01');
    const nothing = await collect(m, '2026-12-02');
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({ error: sepaTexts.nothingToCollect });
    expect(await api.db('sepa_collections').where({ club_id: m.club._id })).toHaveLength(1);
    expect([(await balanceOf(m, anna)).balance_cents, (await balanceOf(m, boris)).balance_cents]).toEqual([
      0, 0,
    ]);
  });

  it('anonymous is 401, a player and another club’s admin 403, an unknown file 404', async () => {
    const { m } = await collectingClub();
    const { body } = await collect(m, '2026-12-01');
    const other = await clubWithMembers(api.url);
    const anonymous = new TestClient(api.url);
    expect((await collect(m, '2026-12-03', anonymous)).status).toBe(401);
    expect((await collect(m, '2026-12-03', m.player.client)).status).toBe(403);
    expect((await collect(m, '2026-12-03', other.admin.client)).status).toBe(403);
    expect((await fileOf(m, body.id, anonymous)).status).toBe(401);
    expect((await fileOf(m, body.id, m.player.client)).status).toBe(403);
    expect((await fileOf(m, body.id, other.admin.client)).status).toBe(403);
    expect(
      (await other.admin.client.get(`/api/admin/sepa/collections/${body.id}.xml?club_id=${other.club._id}`))
        .status,
    ).toBe(404);
    expect((await fileOf(m, crypto.randomUUID())).status).toBe(404);
    expect((await fileOf(m, 'nicht-da')).status).toBe(404);
    const path = `/api/admin/sepa/returns?club_id=${m.club._id}`;
    expect((await anonymous.post(path, { payment_id: body.id, fee_cents: 0 })).status).toBe(401);
    expect((await m.player.client.post(path, { payment_id: body.id, fee_cents: 0 })).status).toBe(403);
  });
});

describe('erasure', () => {
  it("a collected member's export lists the debit; when they erase their account, their IBAN is gone from the collection's rows too", async () => {
    const { m, anna } = await collectingClub();
    const { body } = await collect(m, '2026-12-01');
    const exported = await anna.client.get<{ sepa_debits: Record<string, unknown>[] }>('/api/account/export');
    expect(exported.body.sepa_debits).toEqual([
      expect.objectContaining({ collection_date: '2026-12-01', cents: 2100, sequence: 'FRST', iban: IBAN_A }),
    ]);
    const erased = await anna.client.request('DELETE', '/api/account', { password: 'Aufschlag1!' });
    expect(erased.status).toBe(200);
    expect(await api.db('sepa_collection_debits').where({ iban: IBAN_A, club_id: m.club._id })).toEqual([]);
    const xml = String((await fileOf(m, body.id)).body);
    expect(xml).not.toContain(IBAN_A);
    expect((await validatePain008(xml)).valid).toBe(true);
  });
});
