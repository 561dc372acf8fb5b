/** The new member's name, e-mail and password: the same fields in sign-up and club registration. */
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';

export function NewAccountFields({ form }: { form: { field(name: string): FieldBinding } }) {
  return (
    <>
      <div className="form__row">
        <TextField field={form.field('first_name')} label="Vorname" autoComplete="given-name" />
        <TextField field={form.field('last_name')} label="Nachname" autoComplete="family-name" />
      </div>
      <TextField field={form.field('email')} label="E-Mail" type="email" autoComplete="email" />
      <PasswordField
        field={form.field('password')}
        label="Passwort"
        autoComplete="new-password"
        showStrength
      />
    </>
  );
}
