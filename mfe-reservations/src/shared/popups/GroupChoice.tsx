/** "Nur dieser Platz" / "Alle Plätze" for a booking made over several courts: delete and change ask it alike. */
import { groupOptions } from './delete-reservation-machine';
import { popupTexts } from './popup-texts';

export function GroupChoice({
  wholeGroup,
  onChange,
}: {
  wholeGroup: boolean;
  onChange: (wholeGroup: boolean) => void;
}) {
  return (
    <fieldset className="popup__choices">
      <legend className="field__label">{popupTexts.whichCourts}</legend>
      {groupOptions.map((option) => (
        <label key={String(option.value)} className="popup__choice">
          <input
            type="radio"
            name="whole_group"
            checked={wholeGroup === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
