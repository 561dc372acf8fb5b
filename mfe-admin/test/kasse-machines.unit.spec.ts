/**
 * "Kasse" without a browser: the balances with their sums and the filter "Nur offene", reloaded
 * after an entry with the list kept on screen; one member's account with the form "Zahlung
 * erfassen": euros typed with a comma go out in cents, one key per opened form (a double click or a
 * retry sends the same key), a new key after an entry, and the API's 400s under their fields.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountTexts } from '@platzbuchung/domain/money/account';
import { balanceSums, type AccountLedger, type MemberBalance } from '@platzbuchung/domain/money/kasse';
import { ApiError } from '@platzbuchung/ui/api/client';
import type { EntryRequest, RecordedEntry } from '../src/features/kasse/api';
import { balancesMachine, shownBalances } from '../src/features/kasse/balances-machine';
import { memberAccountMachine } from '../src/features/kasse/member-account-machine';

const balance = (user_id: string, balance_cents: number): MemberBalance => ({
  user_id,
  first_name: 'Steffi',
  last_name: user_id,
  email: `${user_id}@example.org`,
  balance_cents,
});

describe('the balances', () => {
  const club = [balance('a', 2100), balance('b', -500), balance('c', 0), balance('d', 350)];

  it('sum what is open and what is credit apart, each as a positive amount', () => {
    expect(balanceSums(club)).toEqual({ open: 2450, credit: 500 });
    expect(balanceSums([])).toEqual({ open: 0, credit: 0 });
  });

  it('when "Nur offene" is ticked, then only those who owe are shown, and all again when not', async () => {
    const actor = createActor(
      balancesMachine.provide({ actors: { loadBalances: fromPromise(async () => club) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filter.onlyOpen', value: true });
    expect(shownBalances(actor.getSnapshot().context).map((b) => b.user_id)).toEqual(['a', 'd']);
    actor.send({ type: 'filter.onlyOpen', value: false });
    expect(shownBalances(actor.getSnapshot().context)).toHaveLength(4);
  });

  it('when reloaded after an entry, then the list stays while the new one loads, and a failure keeps it', async () => {
    const answers: (() => Promise<MemberBalance[]>)[] = [
      async () => club,
      async () => [balance('a', 0)],
      async () => {
        throw new ApiError(0, [], 'Keine Verbindung zum Server.');
      },
    ];
    const actor = createActor(
      balancesMachine.provide({ actors: { loadBalances: fromPromise(() => answers.shift()!()) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'balances.reload' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.balances).toBe(club);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.balances).toEqual([balance('a', 0)]);

    actor.send({ type: 'balances.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      balances: [balance('a', 0)],
      error: 'Keine Verbindung zum Server.',
    });
  });

  it('when the first load fails, then the retry loads again', async () => {
    let tries = 0;
    const actor = createActor(
      balancesMachine.provide({
        actors: {
          loadBalances: fromPromise(async () => {
            tries++;
            if (tries === 1) throw new ApiError(500, [], 'Interner Fehler.');
            return club;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Interner Fehler.');
    actor.send({ type: 'balances.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.balances).toBe(club);
  });
});

const EMPTY: AccountLedger = { balance_cents: 2100, data: [] };

/** A member's account whose entries answer with `answer`; every body sent is kept in `sent`. */
function account(answer: (body: EntryRequest) => Promise<RecordedEntry>) {
  const sent: EntryRequest[] = [];
  let keys = 0;
  let recorded = 0;
  const actor = createActor(
    memberAccountMachine.provide({
      actors: {
        loadLedger: fromPromise(async () => EMPTY),
        record: fromPromise<RecordedEntry, EntryRequest>(({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
      actions: { reportRecorded: () => recorded++ },
    }),
    { input: { newKey: () => `schluessel-${++keys}` } },
  ).start();
  const type = (name: 'kind' | 'euros' | 'text', value: string) =>
    actor.send({ type: 'field.change', name, value });
  return { actor, sent, type, recorded: () => recorded };
}

const recordedAnswer = async (body: EntryRequest): Promise<RecordedEntry> => ({
  message: accountTexts.entryRecorded[body.kind],
  balance_cents: 2100 - (body.cents as number),
  data: [
    {
      position: 9,
      occurred_at: '2026-11-24T10:00:00.000Z',
      kind: body.kind,
      text: body.text,
      cents: -(body.cents as number),
      reservation_id: null,
      payment_id: null,
    },
  ],
});

describe("a member's account", () => {
  it('when a payment of "18,50" is entered, then 1850 cents go out with the form\'s key and the account shows the answer', async () => {
    const { actor, sent, type, recorded } = account(recordedAnswer);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.ledger).toEqual(EMPTY);
    type('euros', '18,50');
    type('text', 'Überweisung März');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));

    expect(sent).toEqual([
      { kind: 'payment', cents: 1850, text: 'Überweisung März', idempotency_key: 'schluessel-1' },
    ]);
    const { context } = actor.getSnapshot();
    expect(context.message).toBe('Die Zahlung wurde erfasst.');
    expect(context.ledger?.balance_cents).toBe(250);
    expect(context.values).toEqual({ kind: 'payment', euros: '', text: '' });
    expect(recorded()).toBe(1);
  });

  it('when the button is clicked twice, then the entry is sent once', async () => {
    let answered: (entry: RecordedEntry) => void = () => {};
    const { actor, sent, type } = account(
      () =>
        new Promise<RecordedEntry>((resolve) => {
          answered = resolve;
        }),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    type('euros', '5');
    type('text', 'Bar');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    answered(await recordedAnswer(sent[0]!));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(sent).toHaveLength(1);
  });

  it('when a try is lost and tried again, then it goes with the same key; the next entry has a new one', async () => {
    let tries = 0;
    const { actor, sent, type } = account(async (body) => {
      tries++;
      if (tries === 1) throw new ApiError(0, [], 'Keine Verbindung zum Server.');
      return recordedAnswer(body);
    });
    await waitFor(actor, (s) => s.matches('ready'));
    type('euros', '10,00');
    type('text', 'Bar');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.formError !== null);
    expect(actor.getSnapshot().context.formError).toBe('Keine Verbindung zum Server.');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.message !== null);

    type('kind', 'credit');
    type('euros', '3');
    type('text', 'Kulanz');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.message !== null);
    expect(sent.map((body) => body.idempotency_key)).toEqual([
      'schluessel-1',
      'schluessel-1',
      'schluessel-2',
    ]);
    expect(sent[2]).toMatchObject({ kind: 'credit', cents: 300 });
    expect(actor.getSnapshot().context.message).toBe('Die Gutschrift wurde erfasst.');
  });

  it("when the amount is no amount, then it goes as typed and the API's German 400 shows under its field until corrected", async () => {
    const amountError = 'Der Betrag muss zwischen 0,01 € und 100.000,00 € liegen, in ganzen Cent.';
    const textError = 'Bitte geben Sie einen Text von 1 bis 200 Zeichen an (z. B. „Überweisung März“).';
    const { actor, sent, type } = account(async () => {
      throw new ApiError(
        400,
        [
          { instancePath: '/cents', message: amountError },
          { instancePath: '/text', message: textError },
        ],
        null,
      );
    });
    await waitFor(actor, (s) => s.matches('ready'));
    type('euros', '18,505');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && Object.keys(s.context.fieldErrors).length > 0);
    expect(sent[0]).toMatchObject({ cents: '18,505', text: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ cents: amountError, text: textError });
    expect(actor.getSnapshot().context.formError).toBeNull();

    type('euros', '18,50');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ text: textError });
  });

  it('when an unknown kind is chosen, then the kind stays', async () => {
    const { actor, type } = account(recordedAnswer);
    await waitFor(actor, (s) => s.matches('ready'));
    type('kind', 'return');
    expect(actor.getSnapshot().context.values.kind).toBe('payment');
    type('kind', 'charge');
    expect(actor.getSnapshot().context.values.kind).toBe('charge');
  });
});
