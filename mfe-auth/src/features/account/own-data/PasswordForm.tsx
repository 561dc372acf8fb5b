/**
 * "Passwort ändern" in the account panel: the current password, and a new one as strong as at
 * sign-up. Afterwards every other login of the member has ended; this one stays.
 */
import { useId } from 'react';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { changePassword, type MessageResponse } from '../../../shared/auth-api';
import { clearingOnEdit, useFreshAfterSuccess } from './fresh-form';

export function PasswordForm() {
  const id = useId();
  const fresh = useFreshAfterSuccess();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Passwort ändern
      </h2>
      {fresh.confirmation && (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={fresh.notice}>
          {fresh.confirmation}
        </div>
      )}
      <PasswordFields key={fresh.round} onChanged={fresh.succeeded} onEdit={fresh.edited} />
    </section>
  );
}

function PasswordFields({ onChanged, onEdit }: { onChanged: (message: string) => void; onEdit: () => void }) {
  const form = useSchemaForm<MessageResponse>({
    schemaName: 'changePassword',
    initialValues: { current_password: '', password: '' },
    submit: changePassword,
    onSuccess: ({ message }) => onChanged(message),
  });
  const field = (name: string) => clearingOnEdit(form.field(name), onEdit);
  return (
    <SchemaForm form={form} submitLabel="Passwort ändern" requiredHint={false}>
      <PasswordField
        field={field('current_password')}
        label="Bisheriges Passwort"
        autoComplete="current-password"
      />
      <PasswordField
        field={field('password')}
        label="Neues Passwort"
        autoComplete="new-password"
        showStrength
      />
    </SchemaForm>
  );
}
