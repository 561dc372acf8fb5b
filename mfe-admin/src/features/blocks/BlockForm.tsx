/** The form of a new block: which courts, from when until when, and why. */
import { useEffect, useId, useRef } from 'react';
import { REASON_MAX_LENGTH } from '@platzbuchung/domain/blocks/blocks';
import { courtName } from '@platzbuchung/domain/courts';
import { courtNumbers } from '@platzbuchung/domain/reservations/day-slots';
import type { Club } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { FieldError, FieldLabel } from '@platzbuchung/ui/components/form-fields';
import { CourtChoice, HourSelect } from './block-form-fields';
import { blockHours, type BlockForm, type FormChange } from './blocks-machine';

interface BlockFormSectionProps {
  club: Club;
  form: BlockForm;
  /** The reason's error, shown under its field (as every form of ours shows its errors). */
  reasonError: string | null;
  today: string;
  locked: boolean;
  busy: boolean;
  onChange: (change: FormChange) => void;
  onPreview: () => void;
}

export function BlockFormSection({
  club,
  form,
  reasonError,
  today,
  locked,
  busy,
  onChange,
  onPreview,
}: BlockFormSectionProps) {
  const id = useId();
  const hours = blockHours(club);
  const reasonRef = useRef<HTMLInputElement>(null);
  // An error takes the keyboard to the field that has it.
  useEffect(() => {
    if (reasonError) reasonRef.current?.focus();
  }, [reasonError]);
  const hourSelect = (field: 'fromHour' | 'untilHour', value: number, label: string) => (
    <HourSelect label={label} hours={hours} value={value} onChange={(hour) => onChange({ field, hour })} />
  );

  return (
    <section className="block-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Neue Sperrung</h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onPreview();
        }}
      >
        <fieldset className="block-form__fields" disabled={locked}>
          <CourtChoice
            courts={courtNumbers(club)}
            nameOf={(court) => courtName(club, court)}
            form={form}
            onChange={onChange}
          />
          <div className="block-form__when">
            <DateField
              className="field"
              label="Von (Tag)"
              value={form.fromDate}
              min={today}
              today={today}
              onChange={(date) => onChange({ field: 'fromDate', date })}
            />
            {hourSelect('fromHour', form.fromHour, 'Von (Uhrzeit)')}
            {/* A weekly block ends on the day it begins: only its hour is asked. */}
            {!form.weekly && (
              <DateField
                className="field"
                label="Bis (Tag)"
                value={form.untilDate}
                min={form.fromDate}
                today={today}
                onChange={(date) => onChange({ field: 'untilDate', date })}
              />
            )}
            {hourSelect('untilHour', form.untilHour, 'Bis (Uhrzeit)')}
          </div>
          <div className="block-form__weekly">
            <label className="block-form__court">
              <input
                type="checkbox"
                checked={form.weekly}
                onChange={(e) => onChange({ field: 'weekly', checked: e.target.checked })}
              />
              Jede Woche wiederholen
            </label>
            {form.weekly && (
              <DateField
                className="field"
                label="Wiederholen bis (Tag)"
                value={form.repeatUntil}
                min={form.fromDate}
                today={today}
                onChange={(date) => onChange({ field: 'repeatUntil', date })}
              />
            )}
          </div>
          <div className="field">
            <FieldLabel htmlFor={`${id}-reason`} required>
              Grund
            </FieldLabel>
            <input
              ref={reasonRef}
              id={`${id}-reason`}
              className="field__input"
              type="text"
              aria-required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              maxLength={REASON_MAX_LENGTH}
              placeholder="z. B. Turnier, Frost, Platzpflege"
              autoComplete="off"
              value={form.reason}
              onChange={(e) => onChange({ field: 'reason', reason: e.target.value })}
            />
            <FieldError id={`${id}-reason-error`} error={reasonError ?? undefined} />
          </div>
          <button type="submit" className="button button--primary block-form__submit">
            {busy && <span className="spinner" aria-hidden="true" />}
            Vorschau
          </button>
        </fieldset>
      </form>
    </section>
  );
}
