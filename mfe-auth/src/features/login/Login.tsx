/** Login: e-mail and password; on success the shell holds the session. */
import type { SessionUser } from '@platzbuchung/domain/types';
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import { loginSchema } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { AuthScreen } from '../../shared/AuthScreen';
import { login } from '../../shared/auth-api';

export default function Login({ host }: RemoteScreenProps) {
  const form = useSchemaForm<SessionUser>({
    schemaName: 'login',
    // At hand, so the form is in the page's HTML before any script runs (docs/architecture/first-visit.md).
    schema: loginSchema,
    initialValues: { email: '', password: '' },
    submit: login,
    onSuccess: (user) => {
      host.startSession(user);
      host.navigate(hostPaths.reservations, { replace: true });
    },
  });

  return (
    <AuthScreen title="Anmelden" backTo={hostPaths.landing}>
      <SchemaForm form={form} submitLabel={texts.submitLogin}>
        <TextField field={form.field('email')} label="E-Mail" type="email" autoComplete="email" />
        <PasswordField field={form.field('password')} label="Passwort" autoComplete="current-password" />
      </SchemaForm>
      <p className="auth-aside">
        <a href={hostPaths.forgotPassword}>{texts.forgotPasswordLink}</a>
      </p>
    </AuthScreen>
  );
}
