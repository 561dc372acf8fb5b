/**
 * The play-rules form's quotas: up to five rows of weekdays, from and to hour and hours per week,
 * added and removed in place; each row's errors under its own controls.
 */
import { useId } from 'react';
import { ISO_WEEKDAYS_DE } from '@platzbuchung/domain/players/play-rules';
import { QUOTAS_MAX } from '@platzbuchung/domain/schemas';
import { canAddQuota, type PlayRulesDraft, type QuotaDraft } from './play-rules-body';
import type { PathErrors } from './path-errors';
import type { PlayRulesEvent } from './play-rules-machine';
import { ErrorText, HourSelect, TextInput } from './play-rules-controls';

const WEEKDAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const hourChoices = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function QuotasFieldset(props: {
  draft: PlayRulesDraft;
  errors: PathErrors;
  disabled: boolean;
  send: (event: PlayRulesEvent) => void;
}) {
  const { draft, errors, disabled, send } = props;
  const listErrorId = useId();
  return (
    <fieldset className="form__fieldset" disabled={disabled} aria-describedby={listErrorId}>
      <legend>Kontingente zur Hauptspielzeit</legend>
      <p className="field__hint">
        Wie viele Stunden pro Woche ein Mitglied in diesen Zeiten spielen darf, gebucht oder als Mitspieler
        eingetragen (höchstens {QUOTAS_MAX} Kontingente). Administratoren sind ausgenommen.
      </p>
      {draft.quotas.length === 0 && (
        <p className="field__hint">Keine Kontingente: Alle Zeiten sind frei buchbar.</p>
      )}
      <ol className="play-rules__quotas">
        {draft.quotas.map((quota, index) => (
          <QuotaRow
            key={index}
            index={index}
            quota={quota}
            errors={errors}
            onRemove={() => send({ type: 'quota.remove', index })}
            send={send}
          />
        ))}
      </ol>
      <ErrorText id={listErrorId} error={errors['/quotas']} />
      <div>
        <button
          type="button"
          className="button"
          disabled={!canAddQuota(draft)}
          onClick={() => send({ type: 'quota.add' })}
        >
          Kontingent hinzufügen
        </button>
      </div>
      {draft.quotas.length > 0 && (
        <TextInput
          label="Kurzfristig frei (Stunden vor Beginn)"
          value={draft.quota_exempt_hours}
          inputMode="numeric"
          hint="Buchungen, die innerhalb dieser Stunden beginnen, zählen nicht zum Kontingent (0 bis 48; 0: keine)."
          error={errors['/quota_exempt_hours']}
          onChange={(value) => send({ type: 'rule.change', name: 'quota_exempt_hours', value })}
        />
      )}
    </fieldset>
  );
}

function QuotaRow(props: {
  index: number;
  quota: QuotaDraft;
  errors: PathErrors;
  onRemove: () => void;
  send: (event: PlayRulesEvent) => void;
}) {
  const { index, quota, errors, onRemove, send } = props;
  const path = `/quotas/${index}`;
  const daysErrorId = useId();
  const title = `Kontingent ${index + 1}`;
  const change = (changes: Partial<Omit<QuotaDraft, 'days'>>) =>
    send({ type: 'quota.change', index, changes });
  return (
    <li className="play-rules__quota">
      <fieldset
        className="play-rules__quota-set"
        aria-describedby={errors[path] ? `${daysErrorId}-row` : undefined}
      >
        <legend className="field__label">{title}</legend>
        <fieldset
          className="play-rules__days"
          aria-invalid={errors[`${path}/days`] ? true : undefined}
          aria-describedby={errors[`${path}/days`] ? daysErrorId : undefined}
        >
          <legend className="visually-hidden">Wochentage von {title}</legend>
          {ISO_WEEKDAYS_DE.map((short, i) => (
            <label key={short} className="play-rules__day">
              <input
                type="checkbox"
                checked={quota.days.includes(i + 1)}
                aria-invalid={errors[`${path}/days`] ? true : undefined}
                onChange={(event) =>
                  send({ type: 'quota.day', index, day: i + 1, checked: event.target.checked })
                }
              />
              <span aria-hidden="true">{short}</span>
              <span className="visually-hidden">{WEEKDAY_NAMES[i]}</span>
            </label>
          ))}
        </fieldset>
        <ErrorText id={daysErrorId} error={errors[`${path}/days`]} />
        <div className="play-rules__hours">
          <HourSelect
            label="Von"
            value={quota.from_hour}
            choices={hourChoices(0, 23)}
            error={errors[`${path}/from_hour`]}
            onChange={(from_hour) => change({ from_hour })}
          />
          <HourSelect
            label="Bis"
            value={quota.to_hour}
            choices={hourChoices(1, 24)}
            error={errors[`${path}/to_hour`]}
            onChange={(to_hour) => change({ to_hour })}
          />
          <TextInput
            label="Stunden pro Woche"
            value={quota.hours_per_week}
            inputMode="numeric"
            error={errors[`${path}/hours_per_week`]}
            onChange={(hours_per_week) => change({ hours_per_week })}
          />
        </div>
        <ErrorText id={`${daysErrorId}-row`} error={errors[path]} />
        <button type="button" className="button play-rules__remove" onClick={onRemove}>
          {title} entfernen
        </button>
      </fieldset>
    </li>
  );
}
