/**
 * The club's courts, hours and limit as form fields, shared by club registration and the admin's
 * club settings. The choices come from the club schema's bounds, not re-typed.
 */
import { formatHour } from '@platzbuchung/domain/dates';
import { clubSettingsProperties } from '@platzbuchung/domain/schemas';
import type { FieldBinding } from '../forms/use-schema-form';
import { SelectField, TextField, rangeOptions } from './form-fields';

const { courts_count, start_hour, reservations_limit } = clubSettingsProperties;
const courts = rangeOptions(courts_count.minimum, courts_count.maximum);
const hours = rangeOptions(start_hour.minimum, start_hour.maximum, (hour) => `${formatHour(hour)} Uhr`);
const limits = rangeOptions(reservations_limit.minimum, reservations_limit.maximum);

export function ClubSettingsFields({ form }: { form: { field(name: string): FieldBinding } }) {
  return (
    <>
      <TextField field={form.field('name')} label="Name des Vereins" autoComplete="organization" />
      <div className="form__row">
        <SelectField field={form.field('courts_count')} label="Anzahl der Plätze" options={courts} />
        <SelectField field={form.field('reservations_limit')} label="Reservierungslimit" options={limits} />
      </div>
      <div className="form__row">
        <SelectField field={form.field('start_hour')} label="Spielzeit ab" options={hours} />
        <SelectField field={form.field('end_hour')} label="Spielzeit bis" options={hours} />
      </div>
    </>
  );
}
