/** A labelled select over numbers (courts, hours, durations), for forms that are not schema forms. */
import { useId } from 'react';

interface NumberSelectProps {
  label: string;
  value: number;
  choices: readonly number[];
  /** How a choice reads: "Platz 2", "18:00 Uhr", "2 Stunden". */
  text: (choice: number) => string;
  onChange: (choice: number) => void;
  /** The control a dialog focuses first. */
  autoFocus?: boolean;
}

export function NumberSelect({ label, value, choices, text, onChange, autoFocus }: NumberSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        data-autofocus={autoFocus || undefined}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {text(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
