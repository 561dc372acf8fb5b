/**
 * "E-Mail-Adresse ändern" in the account panel: the new address, checked as at sign-up, and the
 * password. Nothing changes yet: the new address gets a link, and only that link switches the
 * account over (docs/privacy.md, "Changing the address"). Until then the section names the waiting address.
 */
import { useId } from 'react';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { changeEmail, type EmailChangeAnswer } from '../../../shared/auth-api';
import type { EmailState } from '../email-confirmation-machine';
import { clearingOnEdit, useFreshAfterSuccess } from './fresh-form';

interface EmailFormProps {
  /** The address a change waits for, as the panel knows it; null when none waits. */
  pendingEmail: string | null;
  /** The API answers the address's new state; the panel shows the waiting address from it. */
  onRequested: (state: EmailState) => void;
}

export function EmailForm({ pendingEmail, onRequested }: EmailFormProps) {
  const id = useId();
  const fresh = useFreshAfterSuccess();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {accountTexts.emailChangeTitle}
      </h2>
      {fresh.confirmation ? (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={fresh.notice}>
          {fresh.confirmation}
        </div>
      ) : (
        pendingEmail && <p className="notice notice--info">{emailChangeTexts.pending(pendingEmail)}</p>
      )}
      <EmailFields
        key={fresh.round}
        onRequested={({ message, data }) => {
          fresh.succeeded(message);
          onRequested(data);
        }}
        onEdit={fresh.edited}
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
  const field = (name: string) => clearingOnEdit(form.field(name), onEdit);
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
