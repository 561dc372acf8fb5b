/** "Meine Reservierungen"'s section "Warteliste": the hours the member waits for, each to leave. */
import { useCallback, useState } from 'react';
import { formatDateDe, formatTimeRange } from '@platzbuchung/domain/dates';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import type { WaitlistEntryShown } from './api';
import type { WaitlistOutput } from './waitlist-machine';
import { useWaitlistMachine } from './use-waitlist-machine';
import { useWaitlist } from './waitlist-store';
import { useAlert } from '../../shared/alert/use-alert';
import './waitlist.css';

const describe = (entry: WaitlistEntryShown) =>
  `Platz ${entry.court_num} · ${formatDateDe(entry.date)} · ${formatTimeRange(entry.start_time, entry.end_time)}`;

export function WaitlistSection({ clubId }: { clubId: string }) {
  const entries = useWaitlist(clubId);
  const { showAlert, alertDialog } = useAlert(() => document.getElementById('waitlist-title'));
  return (
    <section className="waitlist" aria-labelledby="waitlist-title">
      {alertDialog}
      <h2 id="waitlist-title" className="waitlist__title" tabIndex={-1}>
        {waitlistTexts.title}
      </h2>
      {entries.length === 0 ? (
        <p className="bookings__empty">{waitlistTexts.none}</p>
      ) : (
        <ul className="waitlist__list">
          {entries.map((entry) => (
            <WaitlistItem key={entry._id} clubId={clubId} entry={entry} showAlert={showAlert} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface WaitlistItemProps {
  clubId: string;
  entry: WaitlistEntryShown;
  /** A refusal to leave the entry, in the section's alert dialog. */
  showAlert: (message: string) => void;
}

function WaitlistItem({ clubId, entry, showAlert }: WaitlistItemProps) {
  const [input] = useState(() => ({
    hour: { court_num: entry.court_num, date: entry.date, start_time: entry.start_time },
    entry,
  }));
  const onDone = useCallback(
    (output: WaitlistOutput) => {
      if (output.outcome === 'failed') showAlert(output.error);
    },
    [showAlert],
  );
  const { send, busy } = useWaitlistMachine(clubId, input, onDone);
  const text = describe(entry);
  return (
    <li className="waitlist__item">
      <span>{text}</span>
      <button
        type="button"
        className="button"
        aria-label={`${waitlistTexts.leave}: ${text}`}
        disabled={busy}
        onClick={() => send({ type: 'waitlist.leave' })}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {waitlistTexts.leave}
      </button>
    </li>
  );
}
