/** The admin's duration and label fields, alike in the make and the change popup. */
import { useId } from 'react';
import { LABEL_MAX_LENGTH } from '@platzbuchung/domain/reservations/make-reservation';
import { popupTexts } from './popup-texts';

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
  const ids = { duration: useId(), label: useId() };
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.duration}>
          {popupTexts.duration}
        </label>
        <select
          id={ids.duration}
          className="field__input"
          value={duration}
          data-autofocus={autoFocusDuration || undefined}
          onChange={(e) => onDurationChange(Number(e.target.value))}
        >
          {durationChoices.map((hours) => (
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
          value={label}
          maxLength={LABEL_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => onLabelChange(e.target.value)}
        />
      </div>
    </>
  );
}
