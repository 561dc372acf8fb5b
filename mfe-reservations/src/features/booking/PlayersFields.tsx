/**
 * "Wer spielt?" in the make and change popups, where the club names co-players: singles or
 * doubles, and a row per co-player — a member picked by type-ahead, or a guest by name where the
 * club allows guests. What is missing shows under the fields when the popup refuses to send.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { MatchKind } from '@platzbuchung/domain/players/players';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { Choices } from './choices';
import { MemberCombobox } from './MemberCombobox';
import { shownRows, type PlayerRow, type PlayersDraft, type PlayersEvent } from './players-draft';

const matchOptions: readonly { value: MatchKind; label: string }[] = [
  { value: 'singles', label: 'Einzel' },
  { value: 'doubles', label: 'Doppel' },
];

interface PlayersFieldsProps {
  draft: PlayersDraft;
  play: PlayRules;
  /** The club's active members. */
  members: readonly UserListEntry[];
  /** The booker: never their own co-player. */
  bookerId: string;
  problem: string | null;
  /** The popup starts here (a new booking's first question). */
  autoFocus?: boolean;
  send: (event: PlayersEvent) => void;
}

export function PlayersFields(props: PlayersFieldsProps) {
  const { draft, play, members, bookerId, problem, autoFocus, send } = props;
  const problemId = useId();
  const rows = shownRows(draft);
  const required = play.co_players === 'required';
  return (
    <fieldset className="popup__players" aria-describedby={problem ? problemId : undefined}>
      <legend className="field__label">{required ? 'Wer spielt?' : 'Wer spielt? (optional)'}</legend>
      <Choices
        legend="Spielform"
        name="match"
        options={matchOptions}
        value={draft.match}
        autoFocus={autoFocus}
        onChange={(match) => send({ type: 'players.match', match })}
      />
      {rows.map((row, index) => {
        const taken = new Set(
          rows.flatMap((other, i) =>
            i !== index && other.kind === 'member' && other.user_id ? [other.user_id] : [],
          ),
        );
        const choosable = members.filter((member) => member._id !== bookerId && !taken.has(member._id));
        return (
          <PlayerRowFields
            key={`${draft.match}-${index}`}
            index={index}
            row={row}
            guests={play.guests}
            members={choosable}
            invalid={problem !== null}
            describedBy={problem ? problemId : undefined}
            send={send}
          />
        );
      })}
      {problem && (
        <p className="field__error" id={problemId} role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function PlayerRowFields(props: {
  index: number;
  row: PlayerRow;
  guests: boolean;
  members: readonly UserListEntry[];
  invalid: boolean;
  describedBy: string | undefined;
  send: (event: PlayersEvent) => void;
}) {
  const { index, row, guests, members, invalid, describedBy, send } = props;
  const guestId = useId();
  const titleId = useId();
  const label = `Mitspieler ${index + 1}`;
  const guestInput = useRef<HTMLInputElement>(null);
  // A name typed into the member picker became this row's guest: typing goes on in the guest's field.
  const [focusGuest, setFocusGuest] = useState(false);
  useEffect(() => {
    if (!focusGuest || row.kind !== 'guest') return;
    guestInput.current?.focus();
    setFocusGuest(false);
  }, [focusGuest, row.kind]);
  const asGuest = (name: string) => {
    send({ type: 'players.kind', index, kind: 'guest' });
    send({ type: 'players.guest', index, name });
    setFocusGuest(true);
  };
  return (
    <div className="popup__player" role="group" aria-labelledby={titleId}>
      <p className="field__label" id={titleId}>
        {label}
      </p>
      {guests && (
        <Choices
          legend={`${label}: Mitglied oder Gast?`}
          legendHidden
          name={`player-${index}-kind`}
          options={[
            { value: 'member', label: 'Mitglied' },
            { value: 'guest', label: 'Gast' },
          ]}
          value={row.kind}
          onChange={(kind) => send({ type: 'players.kind', index, kind })}
        />
      )}
      {row.kind === 'member' ? (
        <MemberCombobox
          label={label}
          labelHidden
          members={members}
          value={row.name}
          invalid={invalid && row.user_id === null}
          describedBy={describedBy}
          onPick={(member) => send({ type: 'players.member', index, member })}
          onGuest={guests ? asGuest : undefined}
        />
      ) : (
        <div className="field">
          <label className="field__label popup__guest-label" htmlFor={guestId}>
            <span className="visually-hidden">{`${label}: `}</span>
            Name des Gasts
          </label>
          <input
            ref={guestInput}
            id={guestId}
            className="field__input"
            type="text"
            autoComplete="off"
            maxLength={60}
            value={row.name}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => send({ type: 'players.guest', index, name: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}
