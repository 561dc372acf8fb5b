/**
 * Verein, the check-in card (docs/check-in.md): whether members check in, the minutes around an
 * hour's start, and what no-shows cost. Saved whole with the club's other settings unchanged
 * (PUT /api/admin/club), so each save is one settings change in the log; the API's German field
 * errors show under their fields.
 */
import { useState } from 'react';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import type { CheckInSettings } from '@platzbuchung/domain/schemas';
import type { Club, FieldError } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { fetchPlayRules, saveClubSettings } from './api';
import { unchangedCore } from './core-settings';

type NumberField = Exclude<keyof CheckInSettings, 'required'>;

const numberFields: readonly NumberField[] = [
  'opens_min',
  'release_after_min',
  'strikes',
  'strike_days',
  'pause_days',
];

export function ClubCheckIn({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const rules = useResource(fetchPlayRules, club._id);
  if (rules.loading) {
    return (
      <p className="admin-status" role="status">
        {checkInTexts.settingsLoading}
      </p>
    );
  }
  if (rules.failed || rules.data === null)
    return <FailureNotice message={rules.error} onRetry={rules.retry} />;
  return <CheckInForm club={club} saved={rules.data.check_in} onSaved={onSaved} />;
}

function CheckInForm({ club, saved, onSaved }: { club: Club; saved: CheckInSettings; onSaved: () => void }) {
  const [values, setValues] = useState<Record<NumberField, string> & { required: boolean }>({
    required: saved.required,
    ...(Object.fromEntries(numberFields.map((field) => [field, String(saved[field])])) as Record<
      NumberField,
      string
    >),
  });
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const errorOf = (field: string) => errors.find((e) => e.instancePath === `/check_in/${field}`)?.message;

  const save = async () => {
    setSaving(true);
    setErrors([]);
    setMessage(null);
    const check_in = {
      required: values.required,
      ...Object.fromEntries(numberFields.map((field) => [field, Number(values[field])])),
    };
    try {
      await saveClubSettings(club._id, { ...unchangedCore(club), check_in });
      setMessage({ text: clubSettingsTexts.saved, ok: true });
      onSaved();
    } catch (err) {
      // Field errors show under their fields; anything else beside the button.
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(err.fieldErrors);
      else setMessage({ text: err instanceof ApiError ? err.message : checkInTexts.failed, ok: false });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form check-in-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field field--checkbox">
        <div className="field__checkbox-row">
          <input
            id="check-in-required"
            className="field__checkbox"
            type="checkbox"
            checked={values.required}
            onChange={(event) => setValues({ ...values, required: event.target.checked })}
          />
          <label className="field__label" htmlFor="check-in-required">
            {checkInTexts.settingLabels.required}
          </label>
        </div>
      </div>
      <div className="form__row check-in-settings__numbers">
        {numberFields.map((field) => {
          const error = errorOf(field);
          const id = `check-in-${field}`;
          return (
            <div key={field} className={`field${error ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={id}>
                {checkInTexts.settingLabels[field]}
              </label>
              <input
                id={id}
                className="field__input"
                type="number"
                inputMode="numeric"
                min={0}
                value={values[field]}
                disabled={!values.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
              {error && (
                <p id={`${id}-error`} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {clubSettingsTexts.save}
        </button>
        {message && (
          <p
            className={message.ok ? 'form__saved' : 'notice notice--error'}
            role={message.ok ? 'status' : 'alert'}
          >
            {message.text}
          </p>
        )}
      </div>
    </form>
  );
}
