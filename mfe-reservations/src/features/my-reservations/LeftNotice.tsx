/**
 * The polite line after "Austragen", announced to screen readers, with the way back: "Wieder
 * eintragen" names the member on the booking again, as only they may.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { rejoinReservation } from '../../shared/reservations-api';
import { rejoinMachine } from './rejoin-machine';

interface LeftNoticeProps {
  reservationId: string;
  clubId: string;
  /** "am Mo., 30.11.2026, 18:00–19:00, Platz 2": which booking the line is about. */
  what: string;
  onBack: () => void;
  onDismiss: () => void;
}

export function LeftNotice({ reservationId, clubId, what, onBack, onDismiss }: LeftNoticeProps) {
  const latest = useRef({ onBack, onDismiss });
  useEffect(() => {
    latest.current = { onBack, onDismiss };
  });
  const [machine] = useState(() =>
    rejoinMachine.provide({
      actors: { rejoin: fromPromise(() => rejoinReservation(reservationId, clubId)) },
      actions: {
        reportBack: () => latest.current.onBack(),
        reportDismissed: () => latest.current.onDismiss(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const busy = snapshot.hasTag('busy');

  return (
    <div className="bookings__notice" role="status">
      <p>{playerTexts.leftNotice(what)}</p>
      {snapshot.context.error && (
        <p className="field__error" role="alert">
          {snapshot.context.error}
        </p>
      )}
      <div className="booking__confirm-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={`${playerTexts.rejoin}: ${what}`}
          onClick={() => send({ type: 'rejoin' })}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? playerTexts.rejoining : playerTexts.rejoin}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'dismiss' })}>
          {playerTexts.dismiss}
        </button>
      </div>
    </div>
  );
}
