/**
 * The account panel's notice while the address is not confirmed, with a button that mails the link
 * again (docs/architecture/mail.md, "Confirmed addresses"). A confirmed address shows nothing here.
 * The state it shows is the panel's (`useEmailState`), which the address change's form updates too.
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type EventFrom, type SnapshotFrom } from 'xstate';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import { ActionNotices } from '@platzbuchung/ui/components/load-state';
import { fetchEmailState, sendConfirmationLink } from '../../shared/auth-api';
import { emailConfirmationMachine, type EmailState } from './email-confirmation-machine';

/** The panel's address state and how to change it. */
export interface EmailStateHandle {
  snapshot: SnapshotFrom<typeof emailConfirmationMachine>;
  send: (event: EventFrom<typeof emailConfirmationMachine>) => void;
}

/** The member's address as the panel knows it: loaded once, then changed by the panel's own forms. */
export function useEmailState(): EmailStateHandle {
  const [machine] = useState(() =>
    emailConfirmationMachine.provide({
      actors: {
        loadState: fromPromise<EmailState>(({ signal }) => fetchEmailState(signal)),
        sendLink: fromPromise<{ message: string }>(() => sendConfirmationLink()),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  return { snapshot, send };
}

export function EmailConfirmation({ email }: { email: EmailStateHandle }) {
  const id = useId();
  const { snapshot, send } = email;
  const { state, message, error } = snapshot.context;
  // Whether the address is confirmed is a detail of the panel: while it loads, or if it cannot be
  // read, the panel shows the rest as before.
  if (!state || state.confirmed) return null;
  const sending = snapshot.hasTag('sending');

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        E-Mail-Adresse
      </h2>
      <p className="notice notice--info">{confirmationTexts.notYetConfirmed}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={sending}
        onClick={() => send({ type: 'link.send' })}
      >
        {sending && <span className="spinner" aria-hidden="true" />}
        {confirmationTexts.sendAgain}
      </button>
      <ActionNotices message={message} error={error} />
    </section>
  );
}
