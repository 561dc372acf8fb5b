/**
 * "E-Mail-Adresse ändern" in the account panel: the new address, checked as at sign-up, and the
 * password. Nothing changes yet: the new address gets a link, and only that link switches the
 * account over (docs/privacy.md, "Changing the address"). Until then the section names the waiting address.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { changeEmail, type EmailChangeAnswer } from '../../../shared/auth-api';
import type { EmailState } from '../email-confirmation-machine';

interface EmailFormProps {
  /** The address a change waits for, as the panel knows it; null when none waits. */
  pendingEmail: string | null;
  /** The API answers the address's new state; the panel shows the waiting address from it. */
  onRequested: (state: EmailState) => void;
}

export function EmailForm({ pendingEmail, onRequested }: EmailFormProps) {
  const id = useId();
  // A request starts a fresh form: the password typed does not stay on the screen.
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  // The button pressed is gone with the old form: the keyboard carries on from the confirmation.
  useLayoutEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {emailChangeTexts.title}
      </h2>
      {sent ? (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={notice}>
          {sent}
        </div>
      ) : (
        pendingEmail && <p className="notice notice--info">{emailChangeTexts.pending(pendingEmail)}</p>
      )}
      <EmailFields
        key={round}
        onRequested={({ message, data }) => {
          setSent(message);
          setRound((r) => r + 1);
          onRequested(data);
        }}
        onEdit={() => setSent(null)}
      />
    </section>
  );
}

function EmailFields({
  onRequested,
  onEdit,
}: {
  onRequested: (answer: EmailChangeAnswer) => void;
  onEdit: () => void;
}) {
  const form = useSchemaForm<EmailChangeAnswer>({
    schemaName: 'changeEmail',
    initialValues: { email: '', password: '' },
    submit: changeEmail,
    onSuccess: onRequested,
  });
  const field = (name: string) => {
    const binding = form.field(name);
    return {
      ...binding,
      onValueChange: (value: string) => {
        onEdit();
        binding.onValueChange(value);
      },
    };
  };
  return (
    <SchemaForm form={form} submitLabel={emailChangeTexts.submit} requiredHint={false}>
      <TextField
        field={field('email')}
        label={emailChangeTexts.newAddressLabel}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <PasswordField
        field={field('password')}
        label={emailChangeTexts.passwordLabel}
        autoComplete="current-password"
      />
    </SchemaForm>
  );
}
