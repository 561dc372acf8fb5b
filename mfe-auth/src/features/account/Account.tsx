/**
 * The account panel at /profile: who is logged in and "Abmelden" right below, whether the address
 * still needs confirming, the account's statement when the club charges, the calendar link, the member's own data (name, address, password,
 * export, erasure), and the Impressum and privacy notice.
 */
import { useState } from 'react';
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import type { SessionUser } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { uiTexts } from '@platzbuchung/ui/texts';
import { AuthScreen } from '../../shared/AuthScreen';
import { CalendarFeed } from './calendar/CalendarFeed';
import { CheckInPin } from './CheckInPin';
import { Children } from './Children';
import { DeleteAccount } from './DeleteAccount';
import { EmailConfirmation, useEmailState } from './EmailConfirmation';
import { NotificationSettings } from './NotificationSettings';
import { PushNotifications } from './PushNotifications';
import { SepaMandate } from './sepa/SepaMandate';
import { DataExport } from './own-data/DataExport';
import { AccountLedger } from './own-account/AccountLedger';
import { EmailForm } from './own-data/EmailForm';
import { NameForm } from './own-data/NameForm';
import { PasswordForm } from './own-data/PasswordForm';

/** Line-break opportunities after '@' and before dots, so a long address wraps like an address. */
function formatEmail(email: string) {
  return email.split(/(?=[.@])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

export default function Account({ host }: RemoteScreenProps) {
  if (!host.auth.value) return null;
  return <AccountPanel host={host} auth={host.auth} />;
}

/** The panel of a logged-in member: its parts ask the API about the account, so only then. */
function AccountPanel({ host, auth }: RemoteScreenProps & { auth: SessionUser }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = useEmailState();

  const onLogout = async () => {
    setError(null);
    setLoggingOut(true);
    try {
      await host.logout();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.formMessage ? failure.formMessage : uiTexts.networkError,
      );
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <AuthScreen title="Mein Konto">
      <dl className="account">
        <dt>Name</dt>
        <dd>
          {auth.first_name} {auth.last_name}
          {auth.role === 'admin' && ' (Admin)'}
        </dd>
        <dt>E-Mail</dt>
        <dd className="account__email">{formatEmail(auth.email)}</dd>
        {host.club && (
          <>
            <dt>Verein</dt>
            <dd>{host.club.name}</dd>
          </>
        )}
      </dl>
      {/* Where a member looks for it first, not below every form of the page. */}
      <div className="account-actions account-actions--logout">
        <button type="button" className="button" onClick={onLogout} disabled={loggingOut}>
          {loggingOut && <span className="spinner" aria-hidden="true" />}
          {texts.logout}
        </button>
      </div>
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
      <EmailConfirmation email={email} />
      {host.club && <AccountLedger clubId={host.club._id} timeZone={host.club.time_zone} />}
      {host.club && <SepaMandate clubId={host.club._id} />}
      <CalendarFeed />
      <NotificationSettings />
      <PushNotifications />
      {host.club && <Children />}
      <NameForm firstName={auth.first_name} lastName={auth.last_name} onChanged={host.startSession} />
      <EmailForm
        pendingEmail={email.snapshot.context.state?.pending_email ?? null}
        onRequested={(state) => email.send({ type: 'state.changed', state })}
      />
      <PasswordForm />
      {host.club && auth.status === 'active' && <CheckInPin clubId={host.club._id} />}
      <DataExport />
      <DeleteAccount host={host} />
      <div className="account-actions">
        <a href={hostPaths.impressum}>Impressum</a>
        <a href={hostPaths.privacy}>Datenschutz</a>
      </div>
    </AuthScreen>
  );
}
