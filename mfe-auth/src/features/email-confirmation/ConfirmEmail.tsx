/**
 * The page of the mailed confirmation link, `/confirm-email?token=…`: it sends the token once and
 * says in German whether the address is now confirmed or the link is invalid or expired. No login
 * is needed, the link may be opened on another device.
 */
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { AuthScreen } from '../../shared/AuthScreen';
import { confirmEmail, type ConfirmationAnswer } from '../../shared/auth-api';

export default function ConfirmEmail({ host }: RemoteScreenProps) {
  const token = new URLSearchParams(host.location.search).get('token') ?? '';
  const answer = useResource<string, ConfirmationAnswer>(
    (given, signal) => confirmEmail(given, signal),
    token,
  );

  return (
    <AuthScreen title="E-Mail-Adresse bestätigen">
      <LoadState
        loading={answer.loading}
        loadingText={confirmationTexts.confirming}
        failed={answer.failed}
        error={answer.error}
        onRetry={answer.retry}
      >
        {answer.data && (
          <div className={`notice ${answer.data.ok ? 'notice--success' : 'notice--error'}`} role="status">
            <p>{answer.data.text}</p>
            {answer.data.ok ? (
              <a href={host.auth.value ? hostPaths.reservations : hostPaths.login}>Weiter</a>
            ) : (
              <a href={host.auth.value ? hostPaths.profile : hostPaths.login}>
                {host.auth.value ? 'Zu „Mein Konto“' : 'Zur Anmeldung'}
              </a>
            )}
          </div>
        )}
      </LoadState>
    </AuthScreen>
  );
}
