/**
 * "Zahlung erfassen": Art, Betrag in euros with a comma, Text. Every field has its label, its hint
 * and its error under it; after a refused try the first field with an error takes the focus.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { EntryKind } from '@platzbuchung/domain/money/account';
import { kasseTexts as t } from '@platzbuchung/domain/money/kasse';
import { ENTRY_TEXT_MAX_LENGTH } from '@platzbuchung/domain/money/schemas';
import { controlA11y, FieldFrame } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';
import type { EntryField, EntryValues } from './member-account-machine';

const KINDS: readonly EntryKind[] = ['payment', 'credit', 'charge'];

interface EntryFormProps {
  values: EntryValues;
  errors: Partial<Record<EntryField, string>>;
  formError: string | null;
  sending: boolean;
  onChange: (name: keyof EntryValues, value: string) => void;
  onSubmit: () => void;
}

export function EntryForm({ values, errors, formError, sending, onChange, onSubmit }: EntryFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const bind = (name: keyof EntryValues, error: string | undefined): FieldBinding => ({
    name,
    value: values[name],
    error,
    required: true,
    onValueChange: (value) => onChange(name, value),
  });
  const kind = bind('kind', errors.kind);
  const euros = bind('euros', errors.cents);
  const text = bind('text', errors.text);

  // When a try comes back refused, the first field the API named takes the focus, so its error is
  // read out; typing afterwards moves nothing.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
    wasSending.current = sending;
  }, [sending]);

  return (
    <form
      ref={form}
      className="kasse-entry"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h4 id={`${id}-title`} className="kasse-entry__title">
        {t.formTitle}
      </h4>
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}
      <Field field={kind} id={`${id}-kind`} label={t.kind} hint={t.kindHint}>
        {(a11y) => (
          <select
            className="field__input field__select"
            id={`${id}-kind`}
            name="kind"
            value={values.kind}
            onChange={(event) => onChange('kind', event.target.value)}
            {...a11y}
          >
            {KINDS.map((option) => (
              <option key={option} value={option}>
                {t.kinds[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="kasse-entry__row">
        <Field
          field={euros}
          id={`${id}-euros`}
          label={t.euros}
          hint={t.eurosHint}
          className="kasse-entry__euros"
        >
          {(a11y) => (
            <input
              className="field__input"
              id={`${id}-euros`}
              name="euros"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={values.euros}
              onChange={(event) => onChange('euros', event.target.value)}
              {...a11y}
            />
          )}
        </Field>
        <Field field={text} id={`${id}-text`} label={t.text} hint={t.textHint} className="kasse-entry__text">
          {(a11y) => (
            <input
              className="field__input"
              id={`${id}-text`}
              name="text"
              type="text"
              autoComplete="off"
              maxLength={ENTRY_TEXT_MAX_LENGTH}
              value={values.text}
              onChange={(event) => onChange('text', event.target.value)}
              {...a11y}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
        {sending ? t.sending : t.submit(values.kind)}
      </button>
    </form>
  );
}

/** A labelled control with its hint and error, tied to it by aria-describedby. */
function Field({
  field,
  id,
  label,
  hint,
  className,
  children,
}: {
  field: FieldBinding;
  id: string;
  label: string;
  hint: string;
  className?: string;
  children: (a11y: ReturnType<typeof controlA11y>) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <FieldFrame field={field} label={label} htmlFor={id} errorId={errorId} className={className}>
      {children(controlA11y(field, errorId, hintId))}
      <p className="field__hint" id={hintId}>
        {hint}
      </p>
    </FieldFrame>
  );
}
