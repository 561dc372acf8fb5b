/** The deleteReservation popup's view over its machine. */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { DeletedPart } from '../../shared/my-reservations';
import { EditIcon } from '../../shared/icons';
import { postReservationDelete, type DateWindow } from '../../shared/reservations-api';
import {
  deleteRequest,
  deleteReservationMachine,
  type DeleteRequest,
  type DeleteReservationInput,
} from './delete-reservation-machine';
import { DeleteTypeChoice, GroupChoice } from './choices';
import { submitVia, type PopupOutput } from '../../shared/popup/popup-submit';
import { PopupDialog } from '../../shared/popup/PopupDialog';
import { PopupActions, SlotSummary } from '../../shared/popup/popup-parts';
import { popupTexts, slotSummary } from '../../shared/popup/popup-texts';

interface DeleteReservationPopupProps {
  input: DeleteReservationInput;
  /** Start and end hour of the reservation, for the summary. */
  hours: { start: number; end: number };
  /** The reservation's label or holder, when the screen knows it. */
  holder?: string;
  window: DateWindow;
  fallbackFocus?: () => HTMLElement | null;
  /** With what was cut from the reservation, so caches of other windows can follow. */
  onDone: (output: PopupOutput, deleted: DeletedPart, wholeGroup: boolean) => void;
  /** Offered when the viewer may change the booking: closes this popup for the change popup. */
  onChangeInstead?: () => void;
  /** For a player's own booking: until when it can still be cancelled (club-time.ts). */
  cancelNote?: { text: string; open: boolean } | null;
}

export function DeleteReservationPopup(props: DeleteReservationPopupProps) {
  const { input, hours, holder, window, fallbackFocus, onDone, onChangeInstead, cancelNote } = props;
  const [machine] = useState(() =>
    deleteReservationMachine.provide({
      actors: {
        submit: submitVia((request: DeleteRequest) =>
          postReservationDelete(request.reservationId, request.body, window),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('sending');
  const { slot, deleteType, wholeGroup } = snapshot.context;

  useEffect(() => {
    if (snapshot.status !== 'done') return;
    const { body, reservationId } = deleteRequest(snapshot.context);
    onDone(
      snapshot.output,
      { reservation_id: reservationId, date: body.date, delete_type: body.delete_type },
      body.whole_group === true,
    );
  }, [snapshot.status, snapshot.output, snapshot.context, onDone]);

  const cancel = () => send({ type: 'popup.cancel' });
  const summary = slotSummary(slot.court, slot.date, hours.start, hours.end);
  if (holder) summary.push([popupTexts.holder, holder]);

  return (
    <PopupDialog
      title={onChangeInstead ? popupTexts.changeOrCancelTitle : popupTexts.deleteTitle}
      busy={busy}
      onCancel={cancel}
      fallbackFocus={fallbackFocus}
    >
      <form
        className="popup__form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'popup.submit' });
        }}
      >
        <SlotSummary items={summary} />
        {cancelNote && (
          <p className={cancelNote.open ? 'popup__note' : 'popup__note popup__note--closed'}>
            {cancelNote.text}
          </p>
        )}
        <fieldset className="popup__fields" disabled={busy}>
          {slot.recurring && (
            <DeleteTypeChoice
              deleteType={deleteType}
              onChange={(value) => send({ type: 'deleteType.change', deleteType: value })}
            />
          )}
          {slot.group_id && (
            <GroupChoice
              wholeGroup={wholeGroup}
              onChange={(value) => send({ type: 'wholeGroup.change', wholeGroup: value })}
            />
          )}
          {onChangeInstead && (
            <button type="button" className="button popup__change" onClick={onChangeInstead}>
              <EditIcon />
              {popupTexts.change}
            </button>
          )}
          <PopupActions busy={busy} submitLabel={popupTexts.delete} danger onCancel={cancel} />
        </fieldset>
      </form>
    </PopupDialog>
  );
}
