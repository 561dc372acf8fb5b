/** Sets a new password with the token from the mailed link. */
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { HiddenField } from '@platzbuchung/ui/components/form-fields';
import { PasswordField } from '@platzbuchung/ui/components/password-field';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { AuthScreen } from '../../shared/AuthScreen';
import { resetPassword, type MessageResponse } from '../../shared/auth-api';

const REQUEST_NEW_LINK = 'Neuen Link anfordern';

export default function ResetPassword({ host }: RemoteScreenProps) {
  const token = new URLSearchParams(host.location.search).get('token');

  return (
    <AuthScreen title="Neues Passwort festlegen">
      {token ? (
        <ResetForm token={token} host={host} />
      ) : (
        <div className="notice notice--error" role="alert">
          <p>{texts.missingResetToken}</p>
          <a href={hostPaths.forgotPassword}>{REQUEST_NEW_LINK}</a>
        </div>
      )}
    </AuthScreen>
  );
}

function ResetForm({ token, host }: RemoteScreenProps & { token: string }) {
  const form = useSchemaForm<MessageResponse>({
    schemaName: 'resetPassword',
    initialValues: { password: '', resetToken: token },
    submit: resetPassword,
    onSuccess: ({ message }) => host.navigate(hostPaths.login, { replace: true, notice: message }),
  });
  return (
    <SchemaForm form={form} submitLabel={texts.submitResetPassword}>
      <PasswordField
        field={form.field('password')}
        label="Neues Passwort"
        autoComplete="new-password"
        showStrength
      />
      <HiddenField field={form.field('resetToken')}>
        <a href={hostPaths.forgotPassword}>{REQUEST_NEW_LINK}</a>
      </HiddenField>
    </SchemaForm>
  );
}
