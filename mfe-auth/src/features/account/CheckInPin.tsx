/**
 * "PIN für den Aushang" in the account panel (docs/check-in.md): the 4 digits a member types at the
 * clubhouse screen to check in; stored hashed, never shown again. Shown only where the club asks
 * for check-in: with the defaults the panel is as before.
 */
import { useEffect, useId, useState } from 'react';
import { ApiError, getJson, putJson } from '@platzbuchung/ui/api/client';
import { uiTexts } from '@platzbuchung/ui/texts';
import { isPin } from '@platzbuchung/domain/check-in/schemas';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import type { MessageResponse } from '../../shared/auth-api';

interface Asked {
  required: boolean;
  has_pin: boolean;
}

/** Whether the club asks for check-in, and whether the member has a PIN already. */
function useCheckInAsked(clubId: string): Asked | null {
  const [asked, setAsked] = useState<Asked | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    getJson<{ settings: { required: boolean }; has_pin: boolean }>(
      `/api/account/check-in?club_id=${encodeURIComponent(clubId)}`,
      abort.signal,
    ).then(
      (answer) => setAsked({ required: answer.settings.required, has_pin: answer.has_pin }),
      () => setAsked(null),
    );
    return () => abort.abort();
  }, [clubId]);
  return asked;
}

export function CheckInPin({ clubId }: { clubId: string }) {
  const asked = useCheckInAsked(clubId);
  return asked?.required ? <PinForm hasPin={asked.has_pin} /> : null;
}

function PinForm({ hasPin }: { hasPin: boolean }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaved(null);
    if (!isPin(pin)) {
      setError(checkInTexts.pinInvalid);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const answer = await putJson<MessageResponse>('/api/account/pin', { pin });
      setSaved(answer.message);
      setPin('');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : uiTexts.networkError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {checkInTexts.pinTitle}
      </h2>
      <p>{checkInTexts.pinExplained}</p>
      {hasPin && <p>{checkInTexts.pinSet}</p>}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-pin`}>
            {checkInTexts.pinLabel}
          </label>
          <input
            id={`${id}-pin`}
            className="field__input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pin}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPin(event.target.value)}
          />
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {checkInTexts.pinSubmit}
          </button>
          {saved && (
            <p className="form__saved" role="status">
              {saved}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
