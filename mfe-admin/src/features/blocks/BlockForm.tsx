/** The form of a new block: which courts, from when until when, and why. */
import { useId } from 'react';
import { REASON_MAX_LENGTH } from '@platzbuchung/domain/blocks/blocks';
import { courtNumbers } from '@platzbuchung/domain/reservations/day-slots';
import type { Club } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { CourtChoice, HourSelect } from './block-form-fields';
import { blockHours, type BlockForm, type FormChange } from './blocks-machine';

interface BlockFormSectionProps {
  club: Club;
  form: BlockForm;
  today: string;
  locked: boolean;
  busy: boolean;
  onChange: (change: FormChange) => void;
  onPreview: () => void;
}

export function BlockFormSection({
  club,
  form,
  today,
  locked,
  busy,
  onChange,
  onPreview,
}: BlockFormSectionProps) {
  const id = useId();
  const hours = blockHours(club);
  const hourSelect = (field: 'fromHour' | 'untilHour', value: number, label: string) => (
    <HourSelect label={label} hours={hours} value={value} onChange={(hour) => onChange({ field, hour })} />
  );

  return (
    <section className="block-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Neue Sperrung</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onPreview();
        }}
      >
        <fieldset className="block-form__fields" disabled={locked}>
          <CourtChoice courts={courtNumbers(club)} form={form} onChange={onChange} />
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
            <DateField
              className="field"
              label="Bis (Tag)"
              value={form.untilDate}
              min={form.fromDate}
              today={today}
              onChange={(date) => onChange({ field: 'untilDate', date })}
            />
            {hourSelect('untilHour', form.untilHour, 'Bis (Uhrzeit)')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              Grund
            </label>
            <input
              id={`${id}-reason`}
              className="field__input"
              type="text"
              required
              maxLength={REASON_MAX_LENGTH}
              placeholder="z. B. Turnier, Frost, Platzpflege"
              autoComplete="off"
              value={form.reason}
              onChange={(e) => onChange({ field: 'reason', reason: e.target.value })}
            />
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
