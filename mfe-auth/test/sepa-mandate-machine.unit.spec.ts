import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SepaMandateBody } from '@platzbuchung/domain/money/sepa/schemas';
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import { ApiError } from '@platzbuchung/ui/api/client';
import {
  draftErrors,
  sepaMandateMachine,
  type MandateState,
  type ShownMandate,
} from '../src/features/account/sepa/sepa-mandate-machine';

const offered: MandateState = {
  creditor: { creditor_name: 'TC Grün-Weiß e.V.', creditor_id: 'DE98ZZZ09999999999' },
  mandate_text: 'SEPA-Lastschriftmandat\n\nIch ermächtige TC Grün-Weiß e.V. …',
  pre_notification_days: 5,
  mandate: null,
};
const given: ShownMandate = {
  reference: 'PB-ABCDEFGHJKLM',
  account_holder: 'Jürgen Müller',
  iban_masked: '•••• •••• •••• •••• ••20 51',
  signed_on: '2026-11-24',
};

function start(give: (body: SepaMandateBody) => Promise<{ message: string; mandate: ShownMandate }>) {
  const sent: SepaMandateBody[] = [];
  const actor = createActor(
    sepaMandateMachine.provide({
      actors: {
        loadMandate: fromPromise<MandateState>(async () => offered),
        giveMandate: fromPromise<{ message: string; mandate: ShownMandate }, SepaMandateBody>(({ input }) => {
          sent.push(input);
          return give(input);
        }),
        revokeMandate: fromPromise<{ message: string }>(async () => ({ message: sepaTexts.revoked })),
      },
    }),
  ).start();
  return { actor, sent };
}

const fill = (actor: ReturnType<typeof start>['actor'], iban: string, consent = true) => {
  actor.send({ type: 'field.change', name: 'account_holder', value: 'Jürgen Müller' });
  actor.send({ type: 'field.change', name: 'iban', value: iban });
  actor.send({ type: 'field.change', name: 'consent', value: consent });
};

describe('the draft of a mandate', () => {
  it('names each field the browser can judge: the holder, the check digits, the consent', () => {
    expect(draftErrors({ account_holder: ' ', iban: 'DE02120300000000202052', consent: false })).toEqual({
      account_holder: sepaTexts.accountHolderInvalid,
      iban: sepaTexts.notSepaIban,
      consent: sepaTexts.consentRequired,
    });
    expect(draftErrors({ account_holder: '王小明', iban: 'DE02120300000000202051', consent: true })).toEqual({
      account_holder: sepaTexts.accountHolderLatin,
    });
    expect(
      draftErrors({ account_holder: 'Anna Muster', iban: 'de02 1203 0000 0000 2020 51', consent: true }),
    ).toEqual({});
  });
});

describe('giving and revoking a mandate', () => {
  it('when the IBAN is mistyped, then nothing is sent and the error stands under the IBAN', async () => {
    const { actor, sent } = start(async () => ({ message: sepaTexts.given, mandate: given }));
    await waitFor(actor, (s) => s.matches('ready'));
    fill(actor, 'DE02120300000000202052');
    actor.send({ type: 'give' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors).toEqual({ iban: sepaTexts.notSepaIban });
  });

  it('when complete, then it is sent with consent, shown masked, and can be revoked', async () => {
    const { actor, sent } = start(async () => ({ message: sepaTexts.given, mandate: given }));
    await waitFor(actor, (s) => s.matches('ready'));
    fill(actor, 'DE02 1203 0000 0000 2020 51');
    actor.send({ type: 'give' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.done !== null);
    expect(sent).toEqual([
      { account_holder: 'Jürgen Müller', iban: 'DE02 1203 0000 0000 2020 51', consent: true },
    ]);
    expect(actor.getSnapshot().context.state?.mandate).toEqual(given);
    expect(actor.getSnapshot().context.done).toBe(sepaTexts.given);
    expect(actor.getSnapshot().context.draft.iban).toBe('');

    actor.send({ type: 'revoke' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.done === sepaTexts.revoked);
    expect(actor.getSnapshot().context.state?.mandate).toBeNull();
  });

  it('when the API refuses a field, then its words stand under that field', async () => {
    const refusal = new ApiError(400, [{ instancePath: '/iban', message: sepaTexts.notSepaIban }], null);
    const { actor } = start(() => Promise.reject(refusal));
    await waitFor(actor, (s) => s.matches('ready'));
    fill(actor, 'DE02120300000000202051');
    actor.send({ type: 'give' });
    await waitFor(actor, (s) => s.matches('ready') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({ iban: sepaTexts.notSepaIban });
    expect(actor.getSnapshot().context.state?.mandate).toBeNull();
  });
});
