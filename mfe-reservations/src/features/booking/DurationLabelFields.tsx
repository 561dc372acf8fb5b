/** The admin's duration and label fields, alike in the make and the change popup. */
import { useId } from 'react';
import { LABEL_MAX_LENGTH } from '@platzbuchung/domain/reservations/limits';
import { NumberSelect } from '@platzbuchung/ui/components/number-select';
import { popupTexts } from '../../shared/popup/popup-texts';

interface DurationLabelFieldsProps {
  duration: number;
  /** The hours the booking may last from its start hour: `durationOptions(...)`. */
  durationChoices: readonly number[];
  label: string;
  /** The make popup starts on the duration; the change popup on the court. */
  autoFocusDuration?: boolean;
  onDurationChange: (hours: number) => void;
  onLabelChange: (label: string) => void;
}

export function DurationLabelFields(props: DurationLabelFieldsProps) {
  const { duration, durationChoices, label, autoFocusDuration, onDurationChange, onLabelChange } = props;
  const labelId = useId();
  return (
    <>
      <NumberSelect
        label={popupTexts.duration}
        value={duration}
        choices={durationChoices}
        text={popupTexts.hours}
        autoFocus={autoFocusDuration}
        onChange={onDurationChange}
      />
      <div className="field">
        <label className="field__label" htmlFor={labelId}>
          {popupTexts.label}
        </label>
        <input
          id={labelId}
          className="field__input"
          type="text"
          value={label}
          maxLength={LABEL_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => onLabelChange(e.target.value)}
        />
      </div>
    </>
  );
}
