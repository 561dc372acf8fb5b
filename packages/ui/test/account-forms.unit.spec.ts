/** The account panel's forms run on the one form machine, with the schemas the API checks with. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import { accountNameSchema, changeEmailSchema, changePasswordSchema } from '@platzbuchung/domain/schemas';
import { ApiError, attachmentFileName } from '../src/api/client';
import { formMachine, type FormValues, type Payload } from '../src/forms/form-machine';

function startForm(
  schema: { $id: string },
  values: FormValues,
  submit: (payload: Payload) => Promise<unknown>,
) {
  const sent: Payload[] = [];
  const actor = createActor(
    formMachine.provide({
      actors: {
        loadSchema: fromPromise<object, { name: string }>(async () => structuredClone(schema)),
        submit: fromPromise<unknown, { payload: Payload }>(({ input }) => {
          sent.push(input.payload);
          return submit(input.payload);
        }),
      },
    }),
    { input: { schemaName: schema.$id, values } },
  ).start();
  const change = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  return { actor, sent, change };
}

describe('"Name ändern"', () => {
  it('starts with the current name and refuses what sign-up refuses, without asking the server', async () => {
    const { actor, sent, change } = startForm(
      accountNameSchema,
      { first_name: 'Steffi', last_name: 'Graf' },
      async () => ({}),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('first_name', 'S');
    change('last_name', 'Graf 2');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      first_name: 'Der Vorname muss aus 2 bis 40 Buchstaben bestehen.',
      last_name: 'Der Nachname muss aus 2 bis 40 Buchstaben bestehen (Bindestrich erlaubt).',
    });
    expect(sent).toEqual([]);
  });

  it('sends the new name, shows it as sending, and keeps the answer for the view', async () => {
    const answer = { message: accountTexts.nameChanged, data: { first_name: 'Stefanie' } };
    let release = () => {};
    const { actor, sent, change } = startForm(
      accountNameSchema,
      { first_name: 'Steffi', last_name: 'Graf' },
      () => new Promise((resolve) => (release = () => resolve(answer))),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('first_name', 'Stefanie');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    release();
    await waitFor(actor, (s) => s.hasTag('succeeded'));
    expect(sent).toEqual([{ first_name: 'Stefanie', last_name: 'Graf' }]);
    expect(actor.getSnapshot().context.result).toEqual(answer);
  });
});

describe('"Passwort ändern"', () => {
  it('asks for both passwords and checks the new one with the rule of sign-up', async () => {
    const { actor, sent, change } = startForm(
      changePasswordSchema,
      { current_password: '', password: '' },
      async () => ({}),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('password', 'einfach');
    actor.send({ type: 'form.submit' });
    const { fieldErrors } = actor.getSnapshot().context;
    expect(Object.keys(fieldErrors).sort()).toEqual(['current_password', 'password']);
    expect(fieldErrors.password).toMatch(/mindestens 8 Zeichen/);
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of the current password under that field", async () => {
    const { actor, change } = startForm(changePasswordSchema, { current_password: '', password: '' }, () =>
      Promise.reject(
        new ApiError(
          400,
          [{ instancePath: '/current_password', message: accountTexts.wrongCurrentPassword }],
          null,
        ),
      ),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('current_password', 'Falsch123!');
    change('password', 'Netzroller9?');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.fieldErrors.current_password !== undefined);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      current_password: accountTexts.wrongCurrentPassword,
    });
    expect(actor.getSnapshot().context.formError).toBeNull();
  });
});

describe('"E-Mail-Adresse ändern"', () => {
  it('checks the new address as sign-up does and asks for the password, without asking the server', async () => {
    const { actor, sent, change } = startForm(
      changeEmailSchema,
      { email: '', password: '' },
      async () => ({}),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('email', 'kein-at-zeichen');
    actor.send({ type: 'form.submit' });
    const { fieldErrors } = actor.getSnapshot().context;
    expect(fieldErrors.email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'password']);
    expect(sent).toEqual([]);
  });

  it('sends address and password and keeps the answer, which names the waiting address', async () => {
    const answer = {
      message: emailChangeTexts.linkSent('steffi@example.org'),
      data: { email: 'steffi@example.de', confirmed: true, pending_email: 'steffi@example.org' },
    };
    const { actor, sent, change } = startForm(
      changeEmailSchema,
      { email: '', password: '' },
      async () => answer,
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('email', 'steffi@example.org');
    change('password', 'Aufschlag1!');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.hasTag('succeeded'));
    expect(sent).toEqual([{ email: 'steffi@example.org', password: 'Aufschlag1!' }]);
    expect(actor.getSnapshot().context.result).toEqual(answer);
  });

  it("puts the server's refusals under their fields: a wrong password, the address it has already", async () => {
    const { actor, change } = startForm(changeEmailSchema, { email: '', password: '' }, () =>
      Promise.reject(
        new ApiError(
          400,
          [
            { instancePath: '/password', message: emailChangeTexts.wrongPassword },
            { instancePath: '/email', message: emailChangeTexts.sameAddress },
          ],
          null,
        ),
      ),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    change('email', 'steffi@example.de');
    change('password', 'Falsch123!');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.fieldErrors.password !== undefined);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: emailChangeTexts.wrongPassword,
      email: emailChangeTexts.sameAddress,
    });
    expect(actor.getSnapshot().context.formError).toBeNull();
  });
});

describe('the downloaded file', () => {
  it('is named as the API names it', () => {
    expect(attachmentFileName('attachment; filename="platzbuchung-meine-daten-2026-11-26.json"')).toBe(
      'platzbuchung-meine-daten-2026-11-26.json',
    );
    expect(attachmentFileName(null)).toBeNull();
  });
});
