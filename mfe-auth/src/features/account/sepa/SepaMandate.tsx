/**
 * "Lastschriftmandat" in Mein Konto (docs/architecture/money.md, "SEPA direct debit"): the mandate
 * in force with its IBAN masked and a way to revoke it; or, when the club collects by direct debit,
 * the mandate text to read, the holder, the IBAN and the consent to give one. A card of its own.
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatDayDe } from '@platzbuchung/domain/dates';
import type { SepaMandateBody } from '@platzbuchung/domain/money/sepa/schemas';
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import { deleteJson, getJson, putJson } from '@platzbuchung/ui/api/client';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { sepaMandateMachine, type MandateState, type ShownMandate } from './sepa-mandate-machine';
import './sepa-mandate.css';

const pathOf = (clubId: string) => `/api/account/sepa-mandate?club_id=${encodeURIComponent(clubId)}`;

export function SepaMandate({ clubId }: { clubId: string }) {
  const id = useId();
  const [machine] = useState(() =>
    sepaMandateMachine.provide({
      actors: {
        loadMandate: fromPromise<MandateState>(({ signal }) => getJson<MandateState>(pathOf(clubId), signal)),
        giveMandate: fromPromise<{ message: string; mandate: ShownMandate }, SepaMandateBody>(({ input }) =>
          putJson(pathOf(clubId), input),
        ),
        revokeMandate: fromPromise<{ message: string }>(() => deleteJson(pathOf(clubId))),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { state, draft, errors, error, done } = snapshot.context;
  const busy = snapshot.matches('giving') || snapshot.matches('revoking');
  // A club without direct debit and a member without a mandate: nothing to show.
  if (snapshot.matches('ready') && state && !state.creditor && !state.mandate) return null;

  return (
    <section className="sepa-mandate" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{sepaTexts.mandateHeading}</h2>
      {snapshot.matches('loading') && (
        <p role="status">
          <span className="spinner" aria-hidden="true" />
          {sepaTexts.mandateLoading}
        </p>
      )}
      {snapshot.matches('loadFailed') && (
        <FailureNotice message={error} onRetry={() => send({ type: 'retry' })} />
      )}
      {state && !snapshot.matches('loading') && (
        <>
          <p className="sepa-mandate__done" role="status">
            {done ?? ''}
          </p>
          {error && (
            <div className="notice notice--error" role="alert">
              {error}
            </div>
          )}
          {state.mandate ? (
            <GivenMandate mandate={state.mandate} busy={busy} onRevoke={() => send({ type: 'revoke' })} />
          ) : (
            state.creditor &&
            state.mandate_text && (
              <form
                className="form sepa-mandate__form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'give' });
                }}
              >
                <p>{sepaTexts.noMandate}</p>
                <div
                  className="sepa-mandate__text"
                  role="region"
                  tabIndex={0}
                  aria-label={sepaTexts.mandateTextLabel}
                >
                  {state.mandate_text.split('\n\n').map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
                <Field
                  label={sepaTexts.accountHolder}
                  name="account_holder"
                  value={draft.account_holder}
                  error={errors.account_holder}
                  autoComplete="name"
                  onChange={(value) => send({ type: 'field.change', name: 'account_holder', value })}
                />
                <Field
                  label={sepaTexts.iban}
                  name="iban"
                  value={draft.iban}
                  error={errors.iban}
                  autoComplete="off"
                  onChange={(value) => send({ type: 'field.change', name: 'iban', value })}
                />
                <div className="field field--checkbox">
                  <div className="field__checkbox-row">
                    <input
                      className="field__checkbox"
                      id={`${id}-consent`}
                      type="checkbox"
                      checked={draft.consent}
                      aria-invalid={errors.consent ? true : undefined}
                      aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
                      onChange={(event) =>
                        send({ type: 'field.change', name: 'consent', value: event.target.checked })
                      }
                    />
                    <label className="field__label" htmlFor={`${id}-consent`}>
                      {sepaTexts.consent}
                    </label>
                  </div>
                  {errors.consent && (
                    <p className="field__error" id={`${id}-consent-error`}>
                      {errors.consent}
                    </p>
                  )}
                </div>
                <div className="form__actions">
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {snapshot.matches('giving') && <span className="spinner" aria-hidden="true" />}
                    {sepaTexts.give}
                  </button>
                </div>
              </form>
            )
          )}
        </>
      )}
    </section>
  );
}

function GivenMandate(props: { mandate: ShownMandate; busy: boolean; onRevoke: () => void }) {
  const { mandate, busy, onRevoke } = props;
  return (
    <>
      <dl className="account sepa-mandate__given">
        <dt>{sepaTexts.accountHolder}</dt>
        <dd>{mandate.account_holder}</dd>
        <dt>{sepaTexts.iban}</dt>
        <dd className="sepa-mandate__iban">{mandate.iban_masked}</dd>
        <dt>{sepaTexts.reference}</dt>
        <dd>{mandate.reference}</dd>
        <dt>{sepaTexts.signedOn}</dt>
        <dd>{formatDayDe(mandate.signed_on)}</dd>
      </dl>
      <div className="form__actions">
        <button type="button" className="button" disabled={busy} onClick={onRevoke}>
          {sepaTexts.revoke}
        </button>
      </div>
    </>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        className="field__input"
        id={id}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <p className="field__error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
