/**
 * Password input with a show/hide toggle and, for new passwords, the advisory strength meter of
 * ('Strength: low|medium|high').
 */
import { useId, useState } from 'react';
import { passwordStrength, passwordTooLong } from '@platzbuchung/domain/password-strength';
import * as texts from '@platzbuchung/domain/texts';
import type { FieldBinding } from '../forms/use-schema-form';
import { uiTexts } from '../texts';
import { FieldFrame, controlA11y } from './form-fields';

interface PasswordFieldProps {
  field: FieldBinding;
  label: string;
  /** Sign-up, club registration and reset choose a new password: show the meter there. */
  showStrength?: boolean;
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField({ field, label, showStrength = false, autoComplete }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const strengthId = `${id}-strength`;
  const [visible, setVisible] = useState(false);
  const strength = passwordStrength(field.value);
  const meterShown = showStrength && field.value !== '';
  // The server refuses it too; said here while typing, so nobody chooses a password to find out.
  const tooLong = meterShown && passwordTooLong(field.value);

  return (
    <FieldFrame field={field} label={label} htmlFor={id} errorId={errorId}>
      <div className="field__password-row">
        <input
          className="field__input"
          id={id}
          name={field.name}
          type={visible ? 'text' : 'password'}
          value={field.value}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => field.onValueChange(event.target.value)}
          {...controlA11y(field, errorId, meterShown ? strengthId : undefined)}
        />
        <button
          type="button"
          className="button button--ghost field__toggle"
          aria-controls={id}
          // A constant name plus aria-pressed is how a screen reader announces a toggle's state.
          aria-label={uiTexts.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? uiTexts.hide : uiTexts.show}
        </button>
      </div>
      {meterShown && (
        <div className={`strength strength--${strength}`} id={strengthId}>
          <span className="strength__bar" aria-hidden="true">
            <span className="strength__fill" />
          </span>
          <span className="strength__text" aria-live="polite">
            {texts.passwordStrength(strength)}
          </span>
          {tooLong && (
            <span className="strength__limit" role="alert">
              {texts.passwordTooLong}
            </span>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
