/** The makeReservation popup's view over its machine. */
import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { liveTexts } from '@platzbuchung/domain/live/changes';
import '@platzbuchung/ui/styles/forms.css';
import { postReservation, type DateWindow, type MakeReservationBody } from '../../shared/reservations-api';
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

interface MakeReservationPopupProps {
  input: MakeReservationInput;
  /** Whether the slot is held by now (the live stream says so); the popup then refuses to book. */
  taken: boolean;
  /** The days the answer should cover: the screen's loaded window. */
  window: DateWindow;
  /** The club's active members, to name as co-players. */
  members: readonly UserListEntry[];
  onDone: (output: PopupOutput) => void;
}

export function MakeReservationPopup({ input, taken, window, members, onDone }: MakeReservationPopupProps) {
  const [machine] = useState(() =>
    makeReservationMachine.provide({
      actors: {
        submit: submitVia(
          (request: { body: MakeReservationBody }) => postReservation(request.body, window),
          (error) => console.error('Reservation refused:', error),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('sending');
  const { context } = snapshot;
  const weeklyId = useId();

  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);

  useEffect(() => {
    send({ type: taken ? 'slot.taken' : 'slot.freed' });
  }, [taken, send]);

  const cancel = () => send({ type: 'popup.cancel' });
  const durations = bookingDurations(context);
  const end = context.slot.hour + (durations.includes(context.duration) ? context.duration : 1);
  const naming = namesPlayers(context);
  const summary = slotSummary(context.slot.court, context.slot.date, context.slot.hour, end);
  if (context.courts.length > 1) summary[0] = [popupTexts.courts, `Plätze ${context.courts.join(', ')}`];

  return (
    <PopupDialog title={popupTexts.makeTitle} busy={busy} onCancel={cancel}>
      <form
        className="popup__form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'popup.submit' });
        }}
      >
        <SlotSummary items={summary} />
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
  );
}
