/**
 * The makeReservation popup's view over its machine. Before the member books it says what the
 * club's limit and quotas leave them, what the named guests cost (./room-left) and what the hours
 * cost by the club's prices (docs/architecture/money.md); a refusal shows in an alert over the
 * popup, which keeps everything chosen.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useMachine } from '@xstate/react';
import { keysPerBody } from '@platzbuchung/ui/api/client';
import { liveTexts } from '@platzbuchung/domain/live/changes';
import { costText, priceOfBooking } from '@platzbuchung/domain/money/prices';
import '@platzbuchung/ui/styles/forms.css';
import { fromPromise } from 'xstate';
import type { Child } from '@platzbuchung/domain/families/schemas';
import {
  fetchChildren,
  postReservation,
  type DateWindow,
  type MakeReservationBody,
} from '../../shared/reservations-api';
import type { UserListEntry } from '@platzbuchung/domain/types';
import {
  bookingDurations,
  durationOptions,
  makeReservationMachine,
  namesPlayers,
  type MakeReservationInput,
} from './make-reservation-machine';
import { PlayersFields } from './PlayersFields';
import { NumberSelect } from '@platzbuchung/ui/components/number-select';
import { DurationLabelFields } from './DurationLabelFields';
import { submitVia, type PopupOutput } from '../../shared/popup/popup-submit';
import { PopupDialog } from '../../shared/popup/PopupDialog';
import { PopupActions, SlotSummary } from '../../shared/popup/popup-parts';
import { popupTexts, slotSummary } from '../../shared/popup/popup-texts';
import { courtNumbers } from '@platzbuchung/domain/reservations/day-slots';
import { AlertDialog } from '../../shared/alert/AlertDialog';
import { cacheKey, myReservationsCache } from '../../shared/my-reservations';
import { useClubNow } from '../../shared/use-club-now';
import { useLoadedOwnCategory, useLoadedPrices } from '../../shared/club-play-rules';
import { namedGuests } from './players-draft';
import { guestFeeLine, limitLine, quotaLines, type BookingWeek, type RoomQuestion } from './room-left';

interface MakeReservationPopupProps {
  input: MakeReservationInput;
  /** Whether the slot is held by now (the live stream says so); the popup then refuses to book. */
  taken: boolean;
  /** The days the answer should cover: the screen's loaded window. */
  window: DateWindow;
  /** The club's active members, to name as co-players. */
  members: readonly UserListEntry[];
  /** The club's bookings of the grid's week: the hours the quotas leave. */
  week: BookingWeek | null;
  /** Booked or cancelled: the popup has closed. */
  onDone: (output: PopupOutput) => void;
  /** The API refused; the popup stays open, and the screen may look again at what it shows. */
  onRefused?: () => void;
}

export function MakeReservationPopup(props: MakeReservationPopupProps) {
  const { input, taken, window, members, week, onDone, onRefused } = props;
  const [machine] = useState(() => {
    // Sending the same booking again (after the database failed over) keeps its key.
    const keyFor = keysPerBody();
    return makeReservationMachine.provide({
      actors: {
        submit: submitVia((request: { body: MakeReservationBody }) =>
          postReservation(request.body, window, keyFor(request.body)),
        ),
        loadChildren: fromPromise<readonly Child[]>(({ signal }) => fetchChildren(signal)),
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('sending');
  const { context } = snapshot;
  const weeklyId = useId();
  const forId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const now = useClubNow(input.timeZone);
  const ownCache = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const own =
    ownCache.key === cacheKey(input.clubId, input.userId) && ownCache.status === 'loaded'
      ? ownCache.value
      : null;

  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);

  useEffect(() => {
    send({ type: taken ? 'slot.taken' : 'slot.freed' });
  }, [taken, send]);

  // Once per refusal, whatever the screen's handler is by then.
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  useEffect(() => {
    if (context.refusal !== null) refused.current?.();
  }, [context.refusal]);

  const cancel = () => send({ type: 'popup.cancel' });
  const durations = bookingDurations(context);
  const end = context.slot.hour + (durations.includes(context.duration) ? context.duration : 1);
  const naming = namesPlayers(context);
  const summary = slotSummary(context.slot.court, context.slot.date, context.slot.hour, end);
  if (context.courts.length > 1) summary[0] = [popupTexts.courts, `Plätze ${context.courts.join(', ')}`];
  const hours = end - context.slot.hour;
  const question: RoomQuestion = { ...context, now, own, week, duration: hours };
  // Admins book beyond limits and quotas (docs/who-plays.md, "The rules").
  const room = context.isAdmin
    ? []
    : [limitLine(question), ...quotaLines(question)].filter((line) => line !== null);
  const fee = naming ? guestFeeLine(context.play, namedGuests(context.players), hours) : null;
  const prices = useLoadedPrices(input.clubId);
  const ownCategory = useLoadedOwnCategory(input.clubId);
  // What the chosen hours cost; nothing at all when they are free (no prices, or 0 €).
  const cost = costText(
    priceOfBooking(ownCategory === null ? [] : prices, {
      court_num: String(context.slot.court),
      courts: context.courts.map(String),
      date: context.slot.date,
      start_time: context.slot.hour,
      hours,
      category_id: ownCategory ?? '',
    }),
  );

  return (
    <>
      <PopupDialog title={popupTexts.makeTitle} busy={busy} onCancel={cancel}>
        <form
          ref={formRef}
          className="popup__form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'popup.submit' });
          }}
        >
          <SlotSummary items={summary} />
          {room.length > 0 && (
            <ul className="popup__room" aria-label={popupTexts.roomLeft}>
              {room.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {context.taken && (
            <p className="notice notice--error popup__taken" role="alert">
              {liveTexts.slotJustTaken}
            </p>
          )}
          <fieldset className="popup__fields" disabled={busy}>
            {context.isAdmin && (
              <>
                {context.courtsCount > 1 && (
                  <fieldset className="popup__courts">
                    <legend className="field__label">{popupTexts.courts}</legend>
                    {courtNumbers({ courts_count: context.courtsCount }).map((court) => (
                      <label key={court} className="popup__court">
                        <input
                          type="checkbox"
                          name="court_nums"
                          value={court}
                          checked={context.courts.includes(court)}
                          onChange={(e) => send({ type: 'court.toggle', court, checked: e.target.checked })}
                        />
                        <span className="visually-hidden">Platz </span>
                        {court}
                      </label>
                    ))}
                  </fieldset>
                )}
                <DurationLabelFields
                  duration={context.duration}
                  durationChoices={durationOptions(context.slot, context.endHour)}
                  label={context.label}
                  autoFocusDuration
                  onDurationChange={(hours) => send({ type: 'duration.change', hours })}
                  onLabelChange={(label) => send({ type: 'label.change', label })}
                />
                <div className="field field--checkbox">
                  <div className="field__checkbox-row">
                    <input
                      id={weeklyId}
                      className="field__checkbox"
                      type="checkbox"
                      checked={context.recurring}
                      onChange={(e) => send({ type: 'recurring.change', recurring: e.target.checked })}
                    />
                    <label className="field__label" htmlFor={weeklyId}>
                      {popupTexts.weekly}
                    </label>
                  </div>
                </div>
              </>
            )}
            {context.children.length > 0 && context.courts.length <= 1 && (
              <div className="field">
                <label className="field__label" htmlFor={forId}>
                  {popupTexts.forWhom}
                </label>
                <select
                  id={forId}
                  className="field__input"
                  value={context.forChild ?? ''}
                  onChange={(e) => send({ type: 'for.change', childId: e.target.value || null })}
                >
                  <option value="">{popupTexts.forMe}</option>
                  {context.children.map((child) => (
                    <option key={child._id} value={child._id}>
                      {child.first_name} {child.last_name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {naming && (
              <PlayersFields
                draft={context.players}
                play={context.play}
                members={members}
                bookerId={context.userId}
                problem={context.problem}
                autoFocus={!context.isAdmin}
                send={send}
              />
            )}
            {!context.isAdmin && durations.length > 1 && (
              <NumberSelect
                label={popupTexts.duration}
                value={context.duration}
                choices={durations}
                text={popupTexts.hours}
                onChange={(hours) => send({ type: 'duration.change', hours })}
              />
            )}
            <p className="popup__note popup__cost" aria-live="polite">
              {cost}
            </p>
            <p className="popup__note popup__fee" aria-live="polite">
              {fee}
            </p>
            <PopupActions
              busy={busy}
              submitLabel={popupTexts.reserve}
              disabled={context.taken}
              onCancel={cancel}
              autoFocusSubmit={!context.isAdmin && !naming}
            />
          </fieldset>
        </form>
      </PopupDialog>
      {context.refusal !== null && (
        <AlertDialog
          message={context.refusal}
          onClose={() => send({ type: 'refusal.close' })}
          fallbackFocus={() => formRef.current?.querySelector<HTMLElement>('button[type="submit"]') ?? null}
        />
      )}
    </>
  );
}
