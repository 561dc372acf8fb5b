/**
 * "Passwort ändern" in the account panel: the current password, and a new one as strong as at
 * sign-up. Afterwards every other login of the member has ended; this one stays.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { changePassword, type MessageResponse } from '../../../shared/auth-api';

export function PasswordForm() {
  const id = useId();
  // A changed password starts a fresh form: the passwords typed do not stay on the screen.
  const [round, setRound] = useState(0);
  const [changed, setChanged] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  // The button pressed is gone with the old form: the keyboard carries on from the confirmation.
  useLayoutEffect(() => {
    if (changed) notice.current?.focus();
  }, [changed]);
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Passwort ändern
      </h2>
      {changed && (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={notice}>
          {changed}
        </div>
      )}
      <PasswordFields
        key={round}
        onChanged={(message) => {
          setChanged(message);
          setRound((r) => r + 1);
        }}
        onEdit={() => setChanged(null)}
      />
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
