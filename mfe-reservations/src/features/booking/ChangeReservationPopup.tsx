/**
 * The changeReservation popup's view over its machine: court, day and hour of a booking. A refusal
 * shows in an alert over the popup, which keeps everything chosen.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { formatDateDe, formatHour, formatTimeRange } from '@platzbuchung/domain/dates';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { NumberSelect } from '@platzbuchung/ui/components/number-select';
import '@platzbuchung/ui/styles/forms.css';
import { putReservation, type DateWindow } from '../../shared/reservations-api';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { PlayersFields } from './PlayersFields';
import {
  changeDurations,
  changeRequest,
  changeReservationMachine,
  isUnchanged,
  namesPlayers,
  type ChangeRequest,
  type ChangeReservationInput,
} from './change-reservation-machine';
import { durationOptions } from './make-reservation-machine';
import { DurationLabelFields } from './DurationLabelFields';
import { GroupChoice, ScopeChoice } from './choices';
import { submitVia, type PopupOutput } from '../../shared/popup/popup-submit';
import { PopupDialog } from '../../shared/popup/PopupDialog';
import { PopupActions, SlotSummary } from '../../shared/popup/popup-parts';
import { popupTexts, slotSummary } from '../../shared/popup/popup-texts';
import { courtNumbers, startHours } from '@platzbuchung/domain/reservations/day-slots';
import { AlertDialog } from '../../shared/alert/AlertDialog';

interface ChangeReservationPopupProps {
  input: ChangeReservationInput;
  /** The reservation's label or holder, when the screen knows it. */
  holder?: string;
  /** The days the answer should cover: the screen's loaded window. */
  window: DateWindow;
  /** Today in the club: no booking moves into the past. */
  today: string;
  fallbackFocus?: () => HTMLElement | null;
  /** The club's active members, to name as co-players. */
  members: readonly UserListEntry[];
  /** Saved or cancelled: the popup has closed. */
  onDone: (output: PopupOutput) => void;
  /** The API refused; the popup stays open, and the screen may look again at what it shows. */
  onRefused?: () => void;
}

export function ChangeReservationPopup(props: ChangeReservationPopupProps) {
  const { input, holder, window, today, fallbackFocus, members, onDone, onRefused } = props;
  const [machine] = useState(() =>
    changeReservationMachine.provide({
      actors: {
        submit: submitVia((request: ChangeRequest) =>
          putReservation(request.reservationId, request.body, window),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('sending');
  const { context } = snapshot;
  const { reservation, club } = context;
  const hintId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);

  // Once per refusal, whatever the screen's handler is by then.
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  useEffect(() => {
    if (context.refusal !== null) refused.current?.();
  }, [context.refusal]);

  const cancel = () => send({ type: 'popup.cancel' });
  const summary = slotSummary(
    Number(reservation.court_num),
    context.occurrenceDate,
    reservation.start_time,
    reservation.end_time,
  );
  if (holder) summary.push([popupTexts.holder, holder]);
  const { body } = changeRequest(context);
  const unchanged = isUnchanged(context);

  return (
    <>
      <PopupDialog title={popupTexts.changeTitle} busy={busy} onCancel={cancel} fallbackFocus={fallbackFocus}>
        <form
          ref={formRef}
          className="popup__form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'popup.submit' });
          }}
        >
          <SlotSummary items={summary} />
          <fieldset className="popup__fields" disabled={busy}>
            <div className="popup__row">
              <NumberSelect
                label={popupTexts.court}
                value={context.court}
                choices={courtNumbers(club)}
                text={(court) => `Platz ${court}`}
                autoFocus
                onChange={(court) => send({ type: 'court.change', court })}
              />
              <NumberSelect
                label={popupTexts.startTime}
                value={context.hour}
                choices={startHours(club)}
                text={(hour) => `${formatHour(hour)} Uhr`}
                onChange={(hour) => send({ type: 'hour.change', hour })}
              />
            </div>
            <DateField
              className="field"
              label={popupTexts.day}
              value={context.date}
              min={today}
              today={today}
              onChange={(date) => send({ type: 'date.change', date })}
            />
            {context.isAdmin && (
              <DurationLabelFields
                duration={context.duration}
                durationChoices={durationOptions({ hour: context.hour }, club.end_hour)}
                label={context.label}
                onDurationChange={(hours) => send({ type: 'duration.change', hours })}
                onLabelChange={(label) => send({ type: 'label.change', label })}
              />
            )}
            {namesPlayers(context) && (
              <PlayersFields
                draft={context.players}
                play={context.play}
                members={members}
                bookerId={reservation.user_id}
                problem={context.problem}
                send={send}
              />
            )}
            {!context.isAdmin && changeDurations(context).length > 1 && (
              <NumberSelect
                label={popupTexts.duration}
                value={context.duration}
                choices={changeDurations(context)}
                text={popupTexts.hours}
                onChange={(hours) => send({ type: 'duration.change', hours })}
              />
            )}
            {reservation.recurring && (
              <ScopeChoice
                scope={context.scope}
                onChange={(scope) => send({ type: 'scope.change', scope })}
              />
            )}
            {reservation.group_id && (
              <GroupChoice
                wholeGroup={context.wholeGroup}
                onChange={(value) => send({ type: 'wholeGroup.change', wholeGroup: value })}
              />
            )}
            <p className="popup__note" id={hintId} aria-live="polite">
              {unchanged
                ? popupTexts.nothingChanged
                : `${popupTexts.newSlot}: Platz ${body.court_num}, ${formatDateDe(body.date)}, ${formatTimeRange(
                    body.start_time,
                    body.end_time,
                  )}`}
            </p>
            <PopupActions busy={busy} submitLabel={popupTexts.save} onCancel={cancel} disabled={unchanged} />
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
