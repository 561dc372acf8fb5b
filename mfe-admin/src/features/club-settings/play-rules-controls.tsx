/** The small controls of the play-rules form: each with its label and its error under it. */
import { useId, type ReactNode } from 'react';

export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id}>
      {error}
    </p>
  );
}

export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  choices: readonly (readonly [T, string])[];
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="play-rules__choice"
      disabled={props.disabled}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className="field__label">{props.legend}</legend>
      {props.choices.map(([value, label]) => (
        <label key={value} className="play-rules__option">
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.value === value}
            aria-invalid={props.error ? true : undefined}
            onChange={() => props.onChange(value)}
          />
          {label}
        </label>
      ))}
      <ErrorText id={errorId} error={props.error} />
    </fieldset>
  );
}

export function Checkbox(props: {
  checked: boolean;
  disabled?: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <div className="field__checkbox-row">
        <input
          id={id}
          className="field__checkbox"
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <label className="field__label" htmlFor={id}>
          {props.children}
        </label>
      </div>
      <ErrorText id={`${id}-error`} error={props.error} />
    </div>
  );
}

export function TextInput(props: {
  label: string;
  value: string;
  inputMode: 'numeric' | 'decimal' | 'text';
  hint?: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="field__input"
        value={props.value}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy.join(' ') || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={props.error} />
    </div>
  );
}

export function HourSelect(props: {
  label: string;
  value: number;
  choices: readonly number[];
  error: string | undefined;
  onChange: (hour: number) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="field__input"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {props.choices.map((hour) => (
          <option key={hour} value={hour}>
            {hour} Uhr
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} error={props.error} />
    </div>
  );
}
