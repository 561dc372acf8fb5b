/**
 * The frame every schema form shares: 'Loading...' until the schema is in, a retry when it could
 * not be fetched, the form-level alert, the submit button that is disabled while sending, and the
 * required-fields hint.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import * as texts from '@platzbuchung/domain/texts';
import type { SchemaForm as SchemaFormState } from '../forms/use-schema-form';
import { uiTexts } from '../texts';
import { FailureNotice } from './failure-notice';

/** The part of a form's state the frame needs; independent of what the form's submit answers. */
type FrameState = Pick<
  SchemaFormState,
  'isLoading' | 'loadFailed' | 'retry' | 'submit' | 'isSending' | 'succeeded' | 'formError'
>;

interface SchemaFormProps {
  form: FrameState;
  submitLabel: string;
  children: ReactNode;
  /** Shown in place of the alert after success (forgot-password shows the server's message). */
  successMessage?: string | null;
  /** False for a form without required fields: then the "*" hint would explain nothing. */
  requiredHint?: boolean;
  /**
   * A short status beside the submit button after success ("Gespeichert."), for a form that is one
   * of several on a page: it says which one was saved, where the admin's eyes are.
   */
  savedText?: string;
}

export function SchemaForm({
  form,
  submitLabel,
  children,
  successMessage,
  requiredHint = true,
  savedText,
}: SchemaFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () =>
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();

  // A server refusal arrives after sending; it lands under a field (even one about the whole form,
  // such as a wrong login), so that field takes the focus and its error is read out.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !form.isSending && !form.succeeded) focusFirstInvalid();
    wasSending.current = form.isSending;
  }, [form.isSending, form.succeeded]);

  if (form.isLoading) {
    return (
      <p className="form-status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (form.loadFailed) {
    return <FailureNotice message={uiTexts.schemaLoadFailed} onRetry={form.retry} />;
  }

  const submit = (
    <button type="submit" className="button button--primary form__submit" disabled={form.isSending}>
      {form.isSending && <span className="spinner" aria-hidden="true" />}
      {submitLabel}
    </button>
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    // Client-side errors render in the next frame; move focus to the first so it is read out.
    requestAnimationFrame(focusFirstInvalid);
  };

  return (
    // `post`: a form sent before its script has run (a page painted by the server, JavaScript off)
    // never carries what was typed, a password too, into the address.
    <form
      className="form"
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-busy={form.isSending}
    >
      {requiredHint && <p className="form__hint">{uiTexts.requiredHint}</p>}
      {form.formError && (
        <div className="notice notice--error" role="alert">
          {form.formError}
        </div>
      )}
      {form.succeeded && successMessage && (
        <div className="notice notice--success" role="status">
          {successMessage}
        </div>
      )}
      {children}
      {savedText === undefined ? (
        submit
      ) : (
        <div className="form__actions">
          {submit}
          {/* Always there, so a screen reader announces the text when it appears. */}
          <p className="form__saved" role="status">
            {form.succeeded ? savedText : ''}
          </p>
        </div>
      )}
    </form>
  );
}
