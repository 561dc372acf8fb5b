/** The makeReservation popup's view over its machine (SPEC sections 4 and 5). */
import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LABEL_MAX_LENGTH } from '@platzbuchung/domain/reservations/make-reservation';
import type { Reservation } from '@platzbuchung/domain/types';
import '@platzbuchung/ui/styles/forms.css';
import { postReservation, type DateWindow, type MakeReservationBody } from '../../shared/reservations-api';
import {
  durationOptions,
  makeReservationMachine,
  type MakeReservationInput,
  type PopupOutput,
} from './make-reservation-machine';
import { PopupActions, PopupDialog, SlotSummary } from './PopupDialog';
import { popupTexts, slotSummary } from './popup-texts';

interface MakeReservationPopupProps {
  input: MakeReservationInput;
  /** The days the answer should cover: the screen's loaded window. */
  window: DateWindow;
  onDone: (output: PopupOutput) => void;
}

export function MakeReservationPopup({ input, window, onDone }: MakeReservationPopupProps) {
  const [machine] = useState(() =>
    makeReservationMachine.provide({
      actors: {
        submit: fromPromise<Reservation[], { body: MakeReservationBody }>(async ({ input: request }) => {
          const answer = await postReservation(request.body, window);
          return answer.data;
        }),
      },
      actions: {
        reportFailed: (_, error) => console.error('Reservation refused:', error),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('sending');
  const { context } = snapshot;
  const ids = { duration: useId(), label: useId(), weekly: useId() };

  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);

  const cancel = () => send({ type: 'popup.cancel' });
  const end = context.slot.hour + (context.isAdmin ? context.duration : 1);

  return (
    <PopupDialog title={popupTexts.makeTitle} busy={busy} onCancel={cancel}>
      <form
        className="popup__form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'popup.submit' });
        }}
      >
        <SlotSummary items={slotSummary(context.slot.court, context.slot.date, context.slot.hour, end)} />
        <fieldset className="popup__fields" disabled={busy}>
          {context.isAdmin && (
            <>
              <div className="field">
                <label className="field__label" htmlFor={ids.duration}>
                  {popupTexts.duration}
                </label>
                <select
                  id={ids.duration}
                  className="field__input"
                  value={context.duration}
                  data-autofocus
                  onChange={(e) => send({ type: 'duration.change', hours: Number(e.target.value) })}
                >
                  {durationOptions(context.slot, context.endHour).map((hours) => (
                    <option key={hours} value={hours}>
                      {popupTexts.hours(hours)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={ids.label}>
                  {popupTexts.label}
                </label>
                <input
                  id={ids.label}
                  className="field__input"
                  type="text"
                  value={context.label}
                  maxLength={LABEL_MAX_LENGTH}
                  autoComplete="off"
                  onChange={(e) => send({ type: 'label.change', label: e.target.value })}
                />
              </div>
              <div className="field field--checkbox">
                <div className="field__checkbox-row">
                  <input
                    id={ids.weekly}
                    className="field__checkbox"
                    type="checkbox"
                    checked={context.recurring}
                    onChange={(e) => send({ type: 'recurring.change', recurring: e.target.checked })}
                  />
                  <label className="field__label" htmlFor={ids.weekly}>
                    {popupTexts.weekly}
                  </label>
                </div>
              </div>
            </>
          )}
          <PopupActions
            busy={busy}
            submitLabel={popupTexts.reserve}
            onCancel={cancel}
            autoFocusSubmit={!context.isAdmin}
          />
        </fieldset>
      </form>
    </PopupDialog>
  );
}
