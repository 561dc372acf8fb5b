/** The log's filters: days, kind of event and member, applied to the address on "Filtern". */
import { useState } from 'react';
import { eventTitles, eventTypes } from '@platzbuchung/domain/events/catalogue';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { byId } from '../../shared/names';
import { emptyFilter, type LogFilter } from './log';

export function LogFilters({
  filter,
  users,
  onApply,
}: {
  filter: LogFilter;
  users: readonly UserListEntry[];
  onApply: (filter: LogFilter) => void;
}) {
  // The fields hold a draft; the log follows the address bar once 'Filtern' is pressed.
  const [draft, setDraft] = useState(filter);
  const set = (key: keyof LogFilter) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  const names = byId(users);
  const sorted = [...users].sort((a, b) => a.last_name.localeCompare(b.last_name, 'de'));
  const active = Object.values(filter).some(Boolean);

  return (
    <details className="log-filters" open={active}>
      <summary>Filter{active ? ' (aktiv)' : ''}</summary>
      <form
        className="log-filters__form"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <div className="form__row">
          <DateField
            className="field"
            id="log-from"
            label="Von (Tag)"
            placeholder="beliebig"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
            onClear={() => setDraft({ ...draft, from: '' })}
          />
          <DateField
            className="field"
            id="log-to"
            label="Bis (Tag)"
            placeholder="beliebig"
            value={draft.to}
            onChange={(to) => setDraft({ ...draft, to })}
            onClear={() => setDraft({ ...draft, to: '' })}
          />
        </div>
        <div className="form__row">
          <div className="field">
            <label className="field__label" htmlFor="log-type">
              Ereignis
            </label>
            <select
              id="log-type"
              className="field__input field__select"
              value={draft.type}
              onChange={set('type')}
            >
              <option value="">Alle Ereignisse</option>
              {eventTypes.map((type) => (
                <option key={type} value={type}>
                  {eventTitles[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="log-user">
              Mitglied
            </label>
            <select
              id="log-user"
              className="field__input field__select"
              value={draft.userId}
              onChange={set('userId')}
            >
              <option value="">Alle Mitglieder</option>
              {draft.userId && !names.has(draft.userId) && <option value={draft.userId}>Unbekannt</option>}
              {sorted.map((user) => (
                <option key={user._id} value={user._id}>
                  {user.last_name}, {user.first_name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="log-filters__actions">
          <button type="submit" className="button button--primary">
            Filtern
          </button>
          {active && (
            <button type="button" className="button button--ghost" onClick={() => onApply(emptyFilter)}>
              Filter zurücksetzen
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
