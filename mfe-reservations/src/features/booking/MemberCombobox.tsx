/**
 * Picks a member by type-ahead (ARIA 1.2 combobox, list autocomplete): typing filters the club's
 * active members, arrow keys move through the list, Enter picks, Escape closes the list (and only
 * the list: the popup stays open). The active option is announced through aria-activedescendant,
 * so focus never leaves the input. A name that is no member's is offered as a guest ("Als Gast
 * eintragen") where the club lets guests play; where it does not, the list says so.
 */
import { useId } from 'react';
import { useMachine } from '@xstate/react';
import { fullName } from '@platzbuchung/domain/names';
import type { UserListEntry } from '@platzbuchung/domain/types';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { memberComboboxMachine } from './member-combobox-machine';

/** How many matches the list shows at most: enough to choose from, short enough for a phone. */
const SHOWN = 8;

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('de');

export const comboboxTexts = {
  asGuest: 'Als Gast eintragen',
  noMember: 'Kein Mitglied gefunden.',
} as const;

/** Whether the typed name is offered as a guest: typed, and not exactly a member's shown. */
export function offersGuest(shown: readonly UserListEntry[], query: string): boolean {
  const typed = folded(query).trim().replace(/\s+/g, ' ');
  return typed !== '' && !shown.some((member) => folded(fullName(member)) === typed);
}

/** The members whose name contains every word typed, by last name. */
export function matchingMembers(members: readonly UserListEntry[], query: string): UserListEntry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  return members
    .filter((member) => {
      const name = folded(`${member.first_name} ${member.last_name}`);
      return words.every((word) => name.includes(word));
    })
    .sort(
      (a, b) =>
        a.last_name.localeCompare(b.last_name, 'de') || a.first_name.localeCompare(b.first_name, 'de'),
    )
    .slice(0, SHOWN);
}

interface MemberComboboxProps {
  label: string;
  /** The label for screen readers only: a visible title above already names the field. */
  labelHidden?: boolean;
  /** The members one may pick: the club's active members but the booker and those already named. */
  members: readonly UserListEntry[];
  /** The picked member's name, '' when none. */
  value: string;
  invalid: boolean;
  describedBy?: string;
  onPick: (member: { user_id: string; name: string } | null) => void;
  /** Where the club lets guests play: the typed name becomes this row's guest. */
  onGuest?: (name: string) => void;
}

export function MemberCombobox(props: MemberComboboxProps) {
  const { label, labelHidden, members, value, invalid, describedBy, onPick, onGuest } = props;
  const id = useId();
  const listId = `${id}-list`;
  const [snapshot, send] = useMachine(memberComboboxMachine, { input: { query: value } });
  const { query, active } = snapshot.context;
  const open = snapshot.hasTag('open');
  const shown = matchingMembers(members, query);
  const guestOffered = onGuest !== undefined && offersGuest(shown, query);
  /** The guest's option comes after the members'. */
  const count = shown.length + (guestOffered ? 1 : 0);
  const optionId = (index: number) => `${id}-option-${index}`;
  const addGuest = () => {
    send({ type: 'close' });
    onGuest?.(query.trim());
  };

  const pick = (member: UserListEntry) => {
    const name = fullName(member);
    send({ type: 'picked', name });
    onPick({ user_id: member._id, name });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      send({ type: 'move', by: event.key === 'ArrowDown' ? 1 : -1, count });
    } else if (event.key === 'Enter' && open) {
      // Enter picks from an open list; it never sends the form from there.
      event.preventDefault();
      const member = shown[active];
      if (member) pick(member);
      else if (guestOffered && active === shown.length) addGuest();
      else send({ type: 'close' });
    } else if (event.key === 'Escape' && open) {
      // The dialog closes on Escape too: an open list takes it first.
      event.preventDefault();
      event.stopPropagation();
      send({ type: 'close' });
    }
  };

  return (
    <div className="field combobox">
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Name eingeben"
        value={query}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          send({ type: 'input', query: event.target.value });
          // Typing again undoes the pick until a member is picked anew.
          if (value) onPick(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => send({ type: 'close' })}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open}>
        {shown.map((member, index) => (
          <li
            key={member._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
            // Pressing keeps focus in the input, so its blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(member)}
          >
            {fullName(member)}
          </li>
        ))}
        {guestOffered && (
          <li
            id={optionId(shown.length)}
            role="option"
            aria-selected={active === shown.length}
            className={
              active === shown.length
                ? 'combobox__option combobox__option--guest combobox__option--active'
                : 'combobox__option combobox__option--guest'
            }
            onMouseDown={(event) => event.preventDefault()}
            onClick={addGuest}
          >
            {`${comboboxTexts.asGuest}: „${query.trim()}“`}
          </li>
        )}
      </ul>
      {open && shown.length === 0 && !guestOffered && (
        <p className="field__hint" role="status">
          {onGuest === undefined && query.trim() !== ''
            ? `${comboboxTexts.noMember} ${playerTexts.guestsNotAllowed}`
            : comboboxTexts.noMember}
        </p>
      )}
    </div>
  );
}
