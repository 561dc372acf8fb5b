/**
 * The club picker as a search field (a WAI-ARIA combobox): type part of the name, then pick a hit
 * with the mouse, or with the arrow keys and Enter. The form field holds the picked club's id and is
 * empty while the text names no picked club.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Club } from '@platzbuchung/domain/types';
import { getJson } from '@platzbuchung/ui/api/client';
import { FieldFrame, controlA11y } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';
import { CLUB_SEARCH_LIMIT, CLUB_SEARCH_MIN_LENGTH, clubSearchMachine } from './club-search-machine';

const searchClubs = fromPromise<readonly Club[], { q: string }>(({ input, signal }) =>
  getJson<Club[]>(`/api/clubs?q=${encodeURIComponent(input.q)}&limit=${CLUB_SEARCH_LIMIT}`, signal),
);

export function ClubSearchField({ field, label }: { field: FieldBinding; label: string }) {
  const id = useId();
  const [machine] = useState(() =>
    clubSearchMachine.provide({
      actors: { searchClubs },
      actions: {
        reportPick: ({ context }) => field.onValueChange(context.picked?._id ?? ''),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { query, hits, active, failed, picked } = snapshot.context;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const open = snapshot.matches('showing');
  const status = snapshot.hasTag('searching')
    ? 'Suche läuft …'
    : failed
      ? 'Die Suche ist fehlgeschlagen.'
      : open && hits.length === 0
        ? 'Kein Verein gefunden. Bitte prüfen Sie die Schreibweise.'
        : open
          ? `${hits.length === 1 ? 'Ein Verein' : `${hits.length} Vereine`} gefunden. Mit den Pfeiltasten wählen, Eingabe übernimmt.`
          : picked
            ? `Gewählt: ${picked.name}`
            : `Mindestens ${CLUB_SEARCH_MIN_LENGTH} Buchstaben des Vereinsnamens eingeben.`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      send({ type: 'active.move', by: event.key === 'ArrowDown' ? 1 : -1 });
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Enter picks the highlighted club instead of sending the form.
      event.preventDefault();
      send({ type: 'active.pick' });
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      send({ type: 'list.close' });
    }
  };

  return (
    <FieldFrame field={field} label={label} htmlFor={id} errorId={errorId} className="club-search">
      <input
        className="field__input"
        id={id}
        name={`${field.name}-search`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => send({ type: 'query.change', query: event.target.value })}
        onKeyDown={onKeyDown}
        {...controlA11y(field, errorId, hintId)}
      />
      <p className="club-search__status" id={hintId} role="status">
        {status}
        {failed && (
          <>
            {' '}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => send({ type: 'search.retry' })}
            >
              Erneut versuchen
            </button>
          </>
        )}
      </p>
      <ul
        className="club-search__list"
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || hits.length === 0}
      >
        {hits.map((club, index) => (
          <li
            key={club._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="club-search__option"
            // mousedown, not click: the input keeps the focus, so the list does not close first.
            onMouseDown={(event) => {
              event.preventDefault();
              send({ type: 'club.pick', club });
            }}
          >
            {club.name}
          </li>
        ))}
      </ul>
    </FieldFrame>
  );
}
