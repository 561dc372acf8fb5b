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

interface FieldFrameProps {
  field: FieldBinding;
  label: ReactNode;
  /** The control's id, which the label points at. */
  htmlFor: string;
  /** The id the error text gets, the one `controlA11y` names in aria-describedby. */
  errorId: string;
  /** A class beside `field`, for a field with parts of its own. */
  className?: string;
  children: ReactNode;
}

/** The frame of a labelled field: the label above the control, its error under everything else. */
export function FieldFrame({ field, label, htmlFor, errorId, className, children }: FieldFrameProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel htmlFor={htmlFor} required={field.required}>
        {label}
      </FieldLabel>
      {children}
      <FieldError id={errorId} error={field.error} />
    </div>
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
  /** What an empty field stands for ("Platz 3"), never a label's stand-in. */
  placeholder?: string;
}

export function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldFrame field={field} label={label} htmlFor={id} errorId={errorId}>
      <input
        className="field__input"
        id={id}
        name={field.name}
        type={type}
        value={field.value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(event) => field.onValueChange(event.target.value)}
        {...controlA11y(field, errorId)}
      />
    </FieldFrame>
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
    <FieldFrame field={field} label={label} htmlFor={id} errorId={errorId}>
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
    </FieldFrame>
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

/**
 * A value the user does not type (the reset link's token). Its error has no input to sit under, so it
 * is announced where the field is, with whatever the view offers to put it right.
 */
export function HiddenField({ field, children }: { field: FieldBinding; children?: ReactNode }) {
  return (
    <>
      <input type="hidden" name={field.name} value={field.value} />
      {field.error && (
        <div className="notice notice--error" role="alert">
          <p>{field.error}</p>
          {children}
        </div>
      )}
    </>
  );
}
