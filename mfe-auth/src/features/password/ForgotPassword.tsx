/** Asks for the e-mail to send a reset link to; it has no schema of its own. */
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { AuthScreen } from '../../shared/AuthScreen';
import { forgotPassword, type MessageResponse } from '../../shared/auth-api';

export default function ForgotPassword(_props: RemoteScreenProps) {
  const form = useSchemaForm<MessageResponse>({
    schemaName: null,
    required: ['email'],
    initialValues: { email: '' },
    submit: forgotPassword,
  });

  return (
    <AuthScreen title="Passwort vergessen" backTo={hostPaths.login}>
      <p>
        Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues
        Passwort festlegen können. Der Link ist eine Stunde gültig. Falls keine E-Mail ankommt, sehen Sie
        bitte auch im Spam- bzw. Junk-Ordner nach.
      </p>
      <SchemaForm form={form} submitLabel="Link senden" successMessage={form.result?.message ?? null}>
        <TextField field={form.field('email')} label="E-Mail" type="email" autoComplete="email" />
      </SchemaForm>
    </AuthScreen>
  );
}
