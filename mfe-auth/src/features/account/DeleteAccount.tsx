/**
 * "Konto löschen" in the account panel (docs/privacy-erasure.md): a modal popup that says what
 * happens, asks for the password, erases the account and logs out.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { hostPaths, type HostContract } from '@platzbuchung/host/contract';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import { deleteJson } from '@platzbuchung/ui/api/client';
import { deleteAccountMachine } from './delete-account-machine';

export function DeleteAccount({ host }: { host: HostContract }) {
  const id = useId();
  const [machine] = useState(() =>
    deleteAccountMachine.provide({
      actors: {
        eraseAccount: fromPromise(({ input }: { input: { password: string } }) =>
          deleteJson<{ message: string }>('/api/account', { password: input.password }),
        ),
        leave: fromPromise(async () => {
          await host.logout();
          host.navigate(hostPaths.landing, { replace: true, notice: erasureTexts.accountErased });
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { password, passwordError, error } = snapshot.context;
  const open = snapshot.hasTag('open');
  const busy = snapshot.hasTag('busy');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      passwordRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
    }
  }, [open]);

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {erasureTexts.ownPopupTitle}
      </h2>
      <p className="account-section__hint">
        Ihre Buchungen, Ihr Name und Ihre E-Mail-Adresse werden dabei entfernt.
      </p>
      <button
        ref={openerRef}
        type="button"
        className="button account-delete__open"
        onClick={() => send({ type: 'erase.open' })}
      >
        Konto löschen …
      </button>
      <dialog
        ref={dialogRef}
        className="modal-dialog account-dialog"
        aria-labelledby={`${id}-dialog-title`}
        aria-busy={busy || undefined}
        onCancel={(event) => {
          // Escape: the machine decides; while the account is being erased, the popup stays.
          event.preventDefault();
          if (!busy) send({ type: 'erase.cancel' });
        }}
      >
        <h2 id={`${id}-dialog-title`} className="account-dialog__title">
          {erasureTexts.ownPopupTitle}
        </h2>
        <ul className="account-dialog__steps">
          {erasureTexts.ownPopupSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'erase.confirm' });
          }}
        >
          <div className={`field${passwordError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${id}-password`}>
              Passwort
            </label>
            <input
              ref={passwordRef}
              className="field__input"
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={busy}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error` : undefined}
              onChange={(event) => send({ type: 'password.change', value: event.target.value })}
            />
            {passwordError && (
              <p className="field__error" id={`${id}-password-error`}>
                {passwordError}
              </p>
            )}
          </div>
          {error && (
            <div className="notice notice--error" role="alert">
              {error}
            </div>
          )}
          <div className="account-dialog__buttons">
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {erasureTexts.ownConfirm}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => send({ type: 'erase.cancel' })}
            >
              Abbrechen
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
