/**
 * The popup of a slot someone else booked: who holds it ("Reserviert von Haas / Kerber"), and
 * "Auf die Warteliste", or, for a member already on its list, "Sie stehen auf der Warteliste" and
 * "Von der Warteliste nehmen".
 */
import { useMemo } from 'react';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import type { IsoDate } from '@platzbuchung/domain/types';
import { PopupDialog } from '../../shared/popup/PopupDialog';
import { PopupActions, SlotSummary } from '../../shared/popup/popup-parts';
import { popupTexts, slotSummary } from '../../shared/popup/popup-texts';
import { unmarked } from './grid-marks';
import type { WaitlistOutput } from './waitlist-machine';
import { useWaitlistMachine } from './use-waitlist-machine';
import { entryAt, useWaitlist } from './waitlist-store';

interface WaitlistPopupProps {
  clubId: string;
  slot: { court: number; date: IsoDate; hour: number };
  /** Who holds the hour, as the grid shows it. */
  holder: string;
  fallbackFocus?: () => HTMLElement | null;
  onDone: (output: WaitlistOutput) => void;
}

export function WaitlistPopup({ clubId, slot, holder, fallbackFocus, onDone }: WaitlistPopupProps) {
  const entries = useWaitlist(clubId);
  // Decided once, when the popup opens: the machine then knows what the member is doing.
  const input = useMemo(
    () => ({
      hour: { court_num: String(slot.court), date: slot.date, start_time: slot.hour },
      entry: entryAt(entries, slot.date, slot.court, slot.hour) ?? null,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entry as the popup opened
    [slot],
  );
  const { snapshot, send, busy } = useWaitlistMachine(clubId, input, onDone);
  const waiting = snapshot.matches('waiting') || snapshot.matches('leaving');
  const cancel = () => send({ type: 'popup.cancel' });
  const summary = slotSummary(slot.court, slot.date, slot.hour, slot.hour + 1);
  // The grid hands the cell's words over, with the mark of a member already waiting.
  if (holder) summary.push([popupTexts.heldBy, unmarked(holder)]);

  return (
    <PopupDialog title={waitlistTexts.title} busy={busy} onCancel={cancel} fallbackFocus={fallbackFocus}>
      <form
        className="popup__form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: waiting ? 'waitlist.leave' : 'waitlist.join' });
        }}
      >
        <SlotSummary items={summary} />
        <p className="popup__note" role="status">
          {waiting ? `${waitlistTexts.waiting}. ${waitlistTexts.whatHappens}` : waitlistTexts.whatHappens}
        </p>
        <fieldset className="popup__fields" disabled={busy}>
          <PopupActions
            busy={busy}
            submitLabel={waiting ? waitlistTexts.leave : waitlistTexts.join}
            danger={waiting}
            onCancel={cancel}
            autoFocusSubmit
          />
        </fieldset>
      </form>
    </PopupDialog>
  );
}
