/**
 * The "Austragen" button of a booking that names the user, with its one question and its state:
 * focus goes to the question's "Ja" and back to "Austragen" when it is dismissed.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { leaveReservation } from '../../shared/reservations-api';
import { leaveMachine } from './leave-machine';

interface LeaveBookingProps {
  reservationId: string;
  clubId: string;
  /** "am Mo., 30.11.2026, 18:00–19:00, Platz 2": what screen readers hear with the buttons. */
  what: string;
  onLeft: () => void;
}

export function LeaveBooking({ reservationId, clubId, what, onLeft }: LeaveBookingProps) {
  const latest = useRef(onLeft);
  useEffect(() => {
    latest.current = onLeft;
  });
  const [machine] = useState(() =>
    leaveMachine.provide({
      actors: { leave: fromPromise(() => leaveReservation(reservationId, clubId)) },
      actions: { reportLeft: () => latest.current() },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const busy = snapshot.hasTag('busy');
  const asking = snapshot.matches('confirming') || busy;
  const askRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking && !wasAsking.current) yesRef.current?.focus();
    if (!asking && wasAsking.current) askRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        type="button"
        className="button booking__leave"
        ref={askRef}
        aria-label={`${playerTexts.leave}: ${what}`}
        onClick={() => send({ type: 'ask' })}
      >
        {playerTexts.leave}
      </button>
    );
  }
  return (
    <div className="booking__confirm" role="group" aria-label={`${playerTexts.leave}: ${what}`}>
      <p>{playerTexts.leaveConfirm}</p>
      {snapshot.context.error && (
        <p className="field__error" role="alert">
          {snapshot.context.error}
        </p>
      )}
      <div className="booking__confirm-actions">
        <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'cancel' })}>
          Abbrechen
        </button>
        <button
          type="button"
          className="button button--danger"
          ref={yesRef}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => send({ type: 'confirm' })}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? playerTexts.leaving : playerTexts.leaveYes}
        </button>
      </div>
    </div>
  );
}
