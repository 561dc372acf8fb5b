/** "Name ändern" in the account panel: the same fields and rules as at sign-up. */
import { useId } from 'react';
import type { SessionUser } from '@platzbuchung/domain/types';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { changeName, type MessageResponse } from '../../../shared/auth-api';

interface NameFormProps {
  firstName: string;
  lastName: string;
  /** The API answers the member as the session now holds them; the shell shows the new name everywhere. */
  onChanged: (user: SessionUser) => void;
}

export function NameForm({ firstName, lastName, onChanged }: NameFormProps) {
  const id = useId();
  const form = useSchemaForm<MessageResponse & { data: SessionUser }>({
    schemaName: 'accountName',
    initialValues: { first_name: firstName, last_name: lastName },
    submit: changeName,
    onSuccess: ({ data }) => onChanged(data),
  });
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Name ändern
      </h2>
      <SchemaForm
        form={form}
        submitLabel="Name speichern"
        successMessage={form.result?.message ?? null}
        requiredHint={false}
      >
        <div className="form__row">
          <TextField field={form.field('first_name')} label="Vorname" autoComplete="given-name" />
          <TextField field={form.field('last_name')} label="Nachname" autoComplete="family-name" />
        </div>
      </SchemaForm>
    </section>
  );
}
