/** The block form's own fields: an hour of the club's day, and the courts to close. */
import { useId } from 'react';
import { formatHour } from '@platzbuchung/domain/dates';
import type { BlockForm, FormChange } from './blocks-machine';

export function HourSelect(props: {
  label: string;
  hours: readonly number[];
  value: number;
  onChange: (hour: number) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="field__input"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {props.hours.map((hour) => (
          <option key={hour} value={hour}>
            {formatHour(hour)} Uhr
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Alle Plätze", or the courts one by one. */
export function CourtChoice({
  courts,
  form,
  onChange,
}: {
  courts: readonly number[];
  form: BlockForm;
  onChange: (change: FormChange) => void;
}) {
  return (
    <fieldset className="block-form__courts">
      <legend className="field__label">Plätze</legend>
      <label className="block-form__court block-form__court--all">
        <input
          type="checkbox"
          checked={form.allCourts}
          onChange={(e) => onChange({ field: 'allCourts', checked: e.target.checked })}
        />
        Alle Plätze
      </label>
      {courts.map((court) => (
        <label key={court} className="block-form__court">
          <input
            type="checkbox"
            checked={form.allCourts || form.courts.includes(court)}
            disabled={form.allCourts}
            onChange={(e) => onChange({ field: 'court', court, checked: e.target.checked })}
          />
          Platz {court}
        </label>
      ))}
    </fieldset>
  );
}
