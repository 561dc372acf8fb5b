/**
 * The club-local rules as form fields (the admin's "Verein" tab): time zone, booking horizon,
 * cancellation deadline and Platzordnung. Bounds and messages come from the domain's schema.
 */
import { useId, useMemo, useState } from 'react';
import { timeZoneChoices } from '@platzbuchung/domain/club-time';
import { germanInteger } from '@platzbuchung/domain/german-numbers';
import { RULES_MAX_LENGTH } from '@platzbuchung/domain/schemas';
import type { FieldBinding } from '../forms/use-schema-form';
import { FieldFrame, TextField, controlA11y } from './form-fields';

type Form = { field(name: string): FieldBinding };

export function ClubLocalRulesFields({ form }: { form: Form }) {
  return (
    <>
      <TimeZoneField field={form.field('time_zone')} />
      <div className="form__row">
        <TextField
          field={form.field('booking_horizon_days')}
          label="Buchbar im Voraus (Tage)"
          inputMode="numeric"
        />
        <TextField
          field={form.field('cancel_deadline_hours')}
          label="Stornofrist (Stunden)"
          inputMode="numeric"
        />
      </div>
      <p className="field__hint">
        Leerer Buchungszeitraum: Mitglieder buchen ohne Grenze. Stornofrist 0: Stornieren bis zum Beginn.
        Beides gilt nur für Spieler, nicht für Administratoren.
      </p>
      <RulesField field={form.field('rules')} />
    </>
  );
}

/**
 * A searchable list of IANA zones: typing in the search box narrows the list below it, which is a
 * plain listbox (arrow keys, type-ahead). Europe/Berlin comes first.
 */
export function TimeZoneField({ field, emptyLabel }: { field: FieldBinding; emptyLabel?: string }) {
  const id = useId();
  const searchId = `${id}-search`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [query, setQuery] = useState('');
  const zones = useMemo(() => timeZoneChoices(field.value || undefined), [field.value]);
  const shown = useMemo(() => {
    const wanted = query.trim().toLowerCase().replace(/\s+/g, '_');
    const hits = wanted ? zones.filter((zone) => zone.toLowerCase().includes(wanted)) : zones;
    // The chosen zone stays visible, so the list never hides what is selected.
    return field.value && !hits.includes(field.value) ? [field.value, ...hits] : hits;
  }, [zones, query, field.value]);

  return (
    <FieldFrame field={field} label="Zeitzone" htmlFor={id} errorId={errorId} className="field--time-zone">
      <label className="visually-hidden" htmlFor={searchId}>
        Zeitzone suchen
      </label>
      <input
        className="field__input field__search"
        id={searchId}
        type="search"
        placeholder="Zeitzone suchen, z. B. Berlin"
        value={query}
        autoComplete="off"
        aria-controls={id}
        onChange={(event) => setQuery(event.target.value)}
      />
      <select
        className="field__input field__select field__listbox"
        id={id}
        name={field.name}
        size={6}
        value={field.value}
        onChange={(event) => field.onValueChange(event.target.value)}
        {...controlA11y(field, errorId, hintId)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {shown.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <p className="field__hint" id={hintId}>
        {shown.length === 0
          ? 'Keine Zeitzone passt zur Suche.'
          : `Gewählt: ${field.value || emptyLabel || '–'}. „Heute“, vergangene Stunden und Fristen gelten in dieser Zeitzone.`}
      </p>
    </FieldFrame>
  );
}

/** The Platzordnung: plain text over several lines, with the characters still left. */
export function RulesField({ field }: { field: FieldBinding }) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const used = [...field.value].length;
  return (
    <FieldFrame field={field} label="Platzordnung" htmlFor={id} errorId={errorId}>
      <textarea
        className="field__input field__textarea"
        id={id}
        name={field.name}
        rows={8}
        value={field.value}
        onChange={(event) => field.onValueChange(event.target.value)}
        {...controlA11y(field, errorId, countId)}
      />
      <p className={used > RULES_MAX_LENGTH ? 'field__hint field__hint--over' : 'field__hint'} id={countId}>
        {germanInteger(used)} von {germanInteger(RULES_MAX_LENGTH)} Zeichen. Mitglieder sehen den Text unter
        „Platzordnung“; leer: kein Eintrag in der Navigation.
      </p>
    </FieldFrame>
  );
}
