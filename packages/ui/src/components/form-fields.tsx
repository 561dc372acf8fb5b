/**
 * Labelled form fields bound to the form machine. Every field has a visible label, a '*' for
 * required ones (read out as "required" through aria-required, not as a star) and its error text
 * right under it, tied to the input with aria-describedby.
 */
import { useId, type ReactNode } from 'react';
import type { FieldBinding } from '../forms/use-schema-form';

interface LabelProps {
  htmlFor: string;
  required: boolean;
  children: ReactNode;
}

export function FieldLabel({ htmlFor, required, children }: LabelProps) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id}>
      {error}
    </p>
  );
}

/** The aria wiring every control shares: required, invalid, and which texts describe it. */
export function controlA11y(binding: FieldBinding, errorId: string, hintId?: string) {
  const describedBy = [binding.error ? errorId : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    'aria-required': binding.required || undefined,
    'aria-invalid': binding.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

interface TextFieldProps {
  field: FieldBinding;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
}

export function TextField({ field, label, type = 'text', autoComplete, inputMode }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={field.required}>
        {label}
      </FieldLabel>
      <input
        className="field__input"
        id={id}
        name={field.name}
        type={type}
        value={field.value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(event) => field.onValueChange(event.target.value)}
        {...controlA11y(field, errorId)}
      />
      <FieldError id={errorId} error={field.error} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  field: FieldBinding;
  label: string;
  options: readonly SelectOption[];
  /** A first option with an empty value ('Auswählen'), so nothing is chosen by accident. */
  placeholder?: string;
}

export function SelectField({ field, label, options, placeholder }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={field.required}>
        {label}
      </FieldLabel>
      <select
        className="field__input field__select"
        id={id}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onValueChange(event.target.value)}
        {...controlA11y(field, errorId)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={field.error} />
    </div>
  );
}

/** Choices `from`..`to` as select options ("1".."20"). */
export function rangeOptions(
  from: number,
  to: number,
  format: (n: number) => string = String,
): SelectOption[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    value: String(from + i),
    label: format(from + i),
  }));
}

interface CheckboxFieldProps {
  field: FieldBinding;
  /** The value sent when checked; unchecked sends nothing. */
  checkedValue: string;
  children: ReactNode;
}

export function CheckboxField({ field, checkedValue, children }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <div className="field__checkbox-row">
        <input
          className="field__checkbox"
          id={id}
          name={field.name}
          type="checkbox"
          value={checkedValue}
          checked={field.value === checkedValue}
          onChange={(event) => field.onValueChange(event.target.checked ? checkedValue : '')}
          {...controlA11y(field, errorId)}
        />
        <FieldLabel htmlFor={id} required={field.required}>
          {children}
        </FieldLabel>
      </div>
      <FieldError id={errorId} error={field.error} />
    </div>
  );
}

/** A value the form sends without showing it (the reset token from the link). */
export function HiddenField({ field }: { field: FieldBinding }) {
  return <input type="hidden" name={field.name} value={field.value} />;
}
