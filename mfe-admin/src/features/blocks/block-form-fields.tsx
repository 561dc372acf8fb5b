/** The block form's own fields: an hour of the club's day, and the courts to close. */
import { formatHour } from '@platzbuchung/domain/dates';
import { NumberSelect } from '@platzbuchung/ui/components/number-select';
import type { BlockForm, FormChange } from './blocks-machine';

/** An hour of the club's day. */
export function HourSelect(props: {
  label: string;
  hours: readonly number[];
  value: number;
  onChange: (hour: number) => void;
}) {
  return (
    <NumberSelect
      label={props.label}
      value={props.value}
      choices={props.hours}
      text={(hour) => `${formatHour(hour)} Uhr`}
      onChange={props.onChange}
    />
  );
}

/** "Alle Plätze", or the courts one by one. */
export function CourtChoice({
  courts,
  nameOf,
  form,
  onChange,
}: {
  courts: readonly number[];
  /** What the club calls each court (`courtName`). */
  nameOf: (court: number) => string;
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
          {nameOf(court)}
        </label>
      ))}
    </fieldset>
  );
}
