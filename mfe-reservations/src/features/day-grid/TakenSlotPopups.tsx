/**
 * The popup of someone else's booking still to come, composed of every piece's offer
 * (shared/screen-pieces): one offer opens directly; several first ask which.
 */
import { useMachine } from '@xstate/react';
import { PopupDialog } from '../../shared/popup/PopupDialog';
import { popupTexts } from '../../shared/popup/popup-texts';
import { useTakenSlotOffers, type TakenSlotPopupProps } from '../../shared/screen-pieces';
import { takenSlotMachine } from './taken-slot-machine';

export function TakenSlotPopups(props: TakenSlotPopupProps) {
  const offers = useTakenSlotOffers();
  if (offers.length === 0) return null;
  return <OfferedPopups {...props} offers={offers} />;
}

function OfferedPopups({
  offers,
  ...props
}: TakenSlotPopupProps & { offers: ReturnType<typeof useTakenSlotOffers> }) {
  const [snapshot, send] = useMachine(takenSlotMachine, { input: { offers: offers.length } });
  const { chosen } = snapshot.context;
  if (snapshot.matches('open') && chosen !== null) {
    const { Popup } = offers[chosen]!;
    return <Popup {...props} />;
  }
  if (snapshot.matches('closed')) return null;
  const cancel = () => {
    send({ type: 'popup.cancel' });
    props.onDone({ outcome: 'cancelled' });
  };
  return (
    <PopupDialog
      title={popupTexts.takenSlotTitle}
      busy={false}
      onCancel={cancel}
      fallbackFocus={props.fallbackFocus}
    >
      <p className="popup__note">
        {props.holder ? `${popupTexts.heldBy}: ${props.holder}` : popupTexts.takenSlotTitle}
      </p>
      <div className="popup__actions popup__actions--stacked">
        {offers.map((offer, index) => (
          <button
            key={offer.label}
            type="button"
            className="button button--primary"
            data-autofocus={index === 0 || undefined}
            onClick={() => send({ type: 'offer.choose', index })}
          >
            {offer.label}
          </button>
        ))}
        <button type="button" className="button" onClick={cancel}>
          Abbrechen
        </button>
      </div>
    </PopupDialog>
  );
}
