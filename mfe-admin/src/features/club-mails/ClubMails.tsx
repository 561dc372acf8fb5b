/** Benachrichtigungen: the mails the club's members were sent, waiting or failed; failed ones can be sent again. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import {
  mailKindLabels,
  mailStatusLabels,
  mailStatuses,
  type MailList,
  type MailListItem,
} from '@platzbuchung/domain/mail/notices';
import type { Club } from '@platzbuchung/domain/types';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { fetchClubMails, retryMail } from './api';
import { clubMailsMachine } from './club-mails-machine';

export function ClubMails({ club }: { club: Club }) {
  const [machine] = useState(() =>
    clubMailsMachine.provide({
      actors: {
        loadNotices: fromPromise<MailList>(({ signal }) => fetchClubMails(club._id, signal)),
        retryMail: fromPromise<MailList & { message: string }, string>(({ input }) =>
          retryMail(club._id, input),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { list, retrying, message, error } = snapshot.context;

  return (
    <div className="admin-part">
      <h2>{adminTexts.noticesTitle}</h2>
      <p className="admin-part__intro">
        E-Mails an die Mitglieder Ihres Vereins: abgesagte oder verlegte Buchungen, Buchungsbestätigungen und
        Links zum Zurücksetzen des Passworts. Fehlgeschlagene können Sie erneut senden.
      </p>
      <ActionNotices message={message} error={!snapshot.matches('loadFailed') ? error : null} />
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText="Benachrichtigungen werden geladen …"
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'mails.retryLoad' })}
      >
        <div className="notices__head">
          <ul className="notices__counts" aria-label="Anzahl nach Status">
            {mailStatuses.map((status) => (
              <li key={status} className={`notices__count notices__count--${status}`}>
                {mailStatusLabels[status]}: <strong>{list.counts[status]}</strong>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => send({ type: 'mails.reload' })}>
            Aktualisieren
          </button>
        </div>
        {list.data.length === 0 ? (
          <p className="admin-status">{adminTexts.noticesEmpty}</p>
        ) : (
          <ul className="notices">
            {list.data.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                busy={retrying === mail.id}
                disabled={retrying !== null}
                timeZone={club.time_zone}
                onRetry={() => send({ type: 'mail.retry', id: mail.id })}
              />
            ))}
          </ul>
        )}
      </LoadState>
    </div>
  );
}

interface MailRowProps {
  mail: MailListItem;
  busy: boolean;
  disabled: boolean;
  onRetry: () => void;
  /** The club's: times are read on its wall. */
  timeZone: string;
}

function MailRow({ mail, busy, disabled, onRetry, timeZone }: MailRowProps) {
  const when = (iso: string) => formatInstantDe(timeZone, iso);
  const moment =
    mail.status === 'sent' && mail.sentAt
      ? `versendet am ${when(mail.sentAt)}`
      : mail.status === 'failed' && mail.failedAt
        ? `fehlgeschlagen am ${when(mail.failedAt)}`
        : `angelegt am ${when(mail.createdAt)}`;
  return (
    <li className={`notice-row notice-row--${mail.status}`}>
      <div className="member__head">
        <p className="member__name">{mailKindLabels[mail.kind]}</p>
        <span className={`badge badge--mail-${mail.status}`}>{mailStatusLabels[mail.status]}</span>
      </div>
      <p className="member__detail">
        An {mail.recipientName || 'ein Mitglied'} (@{mail.recipientDomain})
      </p>
      <p className="member__detail">
        {moment}
        {mail.attempts > 0 && `, ${mail.attempts === 1 ? '1 Fehlversuch' : `${mail.attempts} Fehlversuche`}`}
      </p>
      {mail.status === 'dropped' && mail.lastError && <p className="member__detail">{mail.lastError}</p>}
      {mail.status === 'failed' && mail.lastError && (
        <p className="member__detail notice-row__error">Grund: {mail.lastError}</p>
      )}
      {mail.status === 'failed' && (
        <button type="button" className="button member__action" onClick={onRetry} disabled={disabled}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {adminTexts.noticeRetry}
        </button>
      )}
    </li>
  );
}
