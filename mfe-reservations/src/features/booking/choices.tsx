/**
 * The popups' questions with a few answers, as radio buttons: which dates of a series, which
 * courts of a booking over several. Delete and change ask them alike.
 */
import type { ChangeScope } from '@platzbuchung/domain/reservations/change-reservation';
import type { DeleteType } from '@platzbuchung/domain/types';
import { deleteOptions, groupOptions } from './delete-reservation-machine';
import { changeScopeOptions } from './change-reservation-machine';
import { popupTexts } from '../../shared/popup/popup-texts';

interface ChoicesProps<T> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** The chosen answer is where the dialog starts. */
  autoFocus?: boolean;
  /** Said to screen readers only, where a visible title above already asks it. */
  legendHidden?: boolean;
}

export function Choices<T extends string | boolean>({
  legend,
  name,
  options,
  value,
  onChange,
  autoFocus,
  legendHidden,
}: ChoicesProps<T>) {
  return (
    <fieldset className="popup__choices">
      <legend className={legendHidden ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className="popup__choice">
          <input
            type="radio"
            name={name}
            value={String(option.value)}
            checked={value === option.value}
            data-autofocus={(autoFocus && value === option.value) || undefined}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** "Nur dieser Platz" / "Alle Plätze" for a booking made over several courts. */
export function GroupChoice(props: { wholeGroup: boolean; onChange: (wholeGroup: boolean) => void }) {
  return (
    <Choices
      legend={popupTexts.whichCourts}
      name="whole_group"
      options={groupOptions}
      value={props.wholeGroup}
      onChange={props.onChange}
    />
  );
}

/** Which dates of a series a deletion takes. */
export function DeleteTypeChoice(props: {
  deleteType: DeleteType;
  onChange: (deleteType: DeleteType) => void;
}) {
  return (
    <Choices
      legend={popupTexts.whichDates}
      name="delete_type"
      options={deleteOptions}
      value={props.deleteType}
      onChange={props.onChange}
      autoFocus
    />
  );
}

/** Which dates of a series a change moves. */
export function ScopeChoice(props: { scope: ChangeScope; onChange: (scope: ChangeScope) => void }) {
  return (
    <Choices
      legend={popupTexts.whichDatesChange}
      name="scope"
      options={changeScopeOptions}
      value={props.scope}
      onChange={props.onChange}
    />
  );
}
