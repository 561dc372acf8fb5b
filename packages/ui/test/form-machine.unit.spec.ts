import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginSchema, signupSchema } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { ApiError } from '../src/api/client';
import { formMachine, type FormMachineInput, type Payload } from '../src/forms/form-machine';

const CLUB_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function startForm(
  input: FormMachineInput,
  submit: (payload: Payload) => Promise<unknown> = async () => ({ message: 'ok' }),
  schema: object = signupSchema,
) {
  const loadSchema = vi.fn(async () => structuredClone(schema));
  const sent: Payload[] = [];
  const reportSuccess = vi.fn();
  const actor = createActor(
    formMachine.provide({
      actors: {
        loadSchema: fromPromise<object, { name: string }>(loadSchema),
        submit: fromPromise<unknown, { payload: Payload }>(({ input: { payload } }) => {
          sent.push(payload);
          return submit(payload);
        }),
      },
      actions: { reportSuccess },
    }),
    { input },
  ).start();
  const change = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  return { actor, loadSchema, sent, reportSuccess, change };
}

const emptySignup = { club_id: '', first_name: '', last_name: '', email: '', password: '', privacy: '' };

function fillSignup(change: (name: string, value: string) => void) {
  change('club_id', CLUB_ID);
  change('first_name', 'Jürgen');
  change('last_name', 'Müller-Lüdenscheidt');
  change('email', 'juergen@example.org');
  change('password', 'Aufschlag1!');
  change('privacy', 'agree');
}

describe('the form machine', () => {
  it('is loading until the schema is in, then ready with its required fields', async () => {
    const { actor, loadSchema } = startForm({ schemaName: 'signup', values: emptySignup });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadSchema).toHaveBeenCalledWith(expect.objectContaining({ input: { name: 'signup' } }));
    expect(actor.getSnapshot().context.required).toEqual(signupSchema.required);
  });

  it('is ready at once with a schema at hand, which it validates by, and asks for none', async () => {
    const { actor, loadSchema, sent } = startForm({
      schemaName: 'signup',
      schema: signupSchema,
      values: emptySignup,
    });
    // Its first snapshot is the one a server renders: the fields, no loading line.
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.required).toEqual(signupSchema.required);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toHaveProperty('email');
    expect(sent).toEqual([]);
    expect(loadSchema).not.toHaveBeenCalled();
  });

  it('is ready at once for a form without schema (forgot-password)', () => {
    const { actor, loadSchema } = startForm({ schemaName: null, values: { email: '' }, required: ['email'] });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loadSchema).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.required).toEqual(['email']);
  });

  it('offers a retry when the schema cannot be fetched', async () => {
    let calls = 0;
    const actor = createActor(
      formMachine.provide({
        actors: {
          loadSchema: fromPromise<object, { name: string }>(async () => {
            calls += 1;
            if (calls === 1) throw new ApiError(0, [], 'offline');
            return loginSchema;
          }),
        },
      }),
      { input: { schemaName: 'login', values: { email: '', password: '' } } },
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'form.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  describe('when submitted with client-side errors', () => {
    it("shows 'This is a required field' under every empty required field and sends nothing", async () => {
      const { actor, sent } = startForm({ schemaName: 'signup', values: emptySignup });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'form.submit' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches('ready')).toBe(true);
      expect(snapshot.context.fieldErrors).toEqual({
        club_id: texts.requiredField,
        first_name: texts.requiredField,
        last_name: texts.requiredField,
        email: texts.requiredField,
        password: texts.requiredField,
        privacy: texts.requiredField,
      });
      expect(sent).toEqual([]);
    });

    it("shows the schema's own message for a filled but invalid field", async () => {
      const { actor, change } = startForm({ schemaName: 'signup', values: emptySignup });
      await waitFor(actor, (s) => s.matches('ready'));
      fillSignup(change);
      change('email', 'not-an-address');
      actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      });
    });

    it('clears the error of a field as soon as it is edited', async () => {
      const { actor, change } = startForm({ schemaName: 'signup', values: emptySignup });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'form.submit' });
      change('email', 'a');
      expect(actor.getSnapshot().context.fieldErrors.email).toBeUndefined();
      expect(actor.getSnapshot().context.fieldErrors.first_name).toBe(texts.requiredField);
    });
  });

  describe('when submitted with valid values', () => {
    it('is sending (tag) and sends only the non-empty values, coerced by the schema', async () => {
      let finish: (value: unknown) => void = () => {};
      const pending = new Promise((resolve) => (finish = resolve));
      const club = await import('@platzbuchung/domain/schemas').then((m) => m.clubSchema);
      const { actor, sent, change } = startForm(
        {
          schemaName: 'club',
          values: {
            name: 'TC Grün-Weiß',
            courts_count: '4',
            start_hour: '8',
            end_hour: '20',
            reservations_limit: '3',
            first_name: 'Anna',
            last_name: 'Schmidt',
            email: 'anna@example.org',
            password: '',
            privacy: 'agree',
          },
        },
        () => pending,
        club,
      );
      await waitFor(actor, (s) => s.matches('ready'));
      change('password', 'Netzroller7#');
      actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().hasTag('sending')).toBe(true);
      await waitFor(actor, () => sent.length === 1);
      expect(sent[0]).toEqual({
        name: 'TC Grün-Weiß',
        courts_count: 4,
        start_hour: 8,
        end_hour: 20,
        reservations_limit: 3,
        first_name: 'Anna',
        last_name: 'Schmidt',
        email: 'anna@example.org',
        password: 'Netzroller7#',
        privacy: 'agree',
      });
      finish({ message: 'ok', data: [] });
      await waitFor(actor, (s) => s.matches('succeeded'));
      expect(actor.getSnapshot().hasTag('sending')).toBe(false);
    });

    it('leaves out fields the user left empty when the form has no schema', async () => {
      const { actor, sent, change } = startForm({
        schemaName: null,
        values: { email: '', note: '  ' },
        required: ['email'],
      });
      change('email', 'anna@example.org');
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('succeeded'));
      expect(sent).toEqual([{ email: 'anna@example.org' }]);
    });

    it('reports success with the response and keeps it for the view', async () => {
      const user = { _id: 'u1', first_name: 'Anna' };
      const { actor, change, reportSuccess } = startForm(
        { schemaName: 'login', values: { email: '', password: '' } },
        async () => user,
        loginSchema,
      );
      await waitFor(actor, (s) => s.matches('ready'));
      change('email', 'anna@example.org');
      change('password', 'geheim');
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('succeeded'));
      expect(reportSuccess).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.result).toEqual(user);
    });
  });

  describe('when the server refuses', () => {
    it('places field errors under their fields', async () => {
      const { actor, change } = startForm({ schemaName: 'signup', values: emptySignup }, async () => {
        throw new ApiError(400, [{ instancePath: '/email', message: texts.emailTaken }], null);
      });
      await waitFor(actor, (s) => s.matches('ready'));
      fillSignup(change);
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('ready') && Object.keys(s.context.fieldErrors).length > 0);
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: texts.emailTaken });
      expect(actor.getSnapshot().context.formError).toBeNull();
      expect(actor.getSnapshot().hasTag('sending')).toBe(false);
    });

    it('shows a text error, or an error for no field, above the form', async () => {
      const { actor, change } = startForm(
        { schemaName: 'login', values: { email: '', password: '' } },
        async () => {
          throw new ApiError(401, [], texts.wrongCredentials);
        },
        loginSchema,
      );
      await waitFor(actor, (s) => s.matches('ready'));
      change('email', 'anna@example.org');
      change('password', 'falsch');
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.context.formError !== null);
      expect(actor.getSnapshot().context.formError).toBe(texts.wrongCredentials);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
    });

    it('shows a refusal of the whole form under the field the server puts it at (a wrong login: the e-mail)', async () => {
      const { actor, change } = startForm(
        { schemaName: 'login', values: { email: '', password: '' } },
        async () => {
          throw new ApiError(401, [{ instancePath: '/email', message: texts.wrongCredentials }], null);
        },
        loginSchema,
      );
      await waitFor(actor, (s) => s.matches('ready'));
      change('email', 'anna@example.org');
      change('password', 'falsch');
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('ready') && Object.keys(s.context.fieldErrors).length > 0);
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: texts.wrongCredentials });
      expect(actor.getSnapshot().context.formError).toBeNull();
      // Correcting the password leaves the refusal in view until the next submit.
      change('password', 'richtig');
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: texts.wrongCredentials });
    });

    it('clears old errors when submitted again', async () => {
      let attempt = 0;
      const { actor, change } = startForm(
        { schemaName: 'login', values: { email: 'anna@example.org', password: 'x' } },
        async () => {
          attempt += 1;
          if (attempt === 1) throw new ApiError(429, [], texts.tooManyRequests);
          return { _id: 'u1' };
        },
        loginSchema,
      );
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.context.formError !== null);
      change('password', 'y');
      actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().context.formError).toBeNull();
      await waitFor(actor, (s) => s.matches('succeeded'));
    });
  });
});
