/**
 * Benachrichtigungen: the mails the club's members were sent, waiting or failed (failed ones can be
 * sent again), and beside them the push messages to their devices.
 */
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
import { pushStatusLabels, pushStatuses, type PushList } from '@platzbuchung/domain/push/outbox-list';
import type { Club } from '@platzbuchung/domain/types';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { fetchClubNotices, retryMail } from './api';
import { clubMailsMachine, type ClubNotices } from './club-mails-machine';
import { pushRowView } from './push-rows';

export function ClubMails({ club }: { club: Club }) {
  const [machine] = useState(() =>
    clubMailsMachine.provide({
      actors: {
        loadNotices: fromPromise<ClubNotices>(({ signal }) => fetchClubNotices(club._id, signal)),
        retryMail: fromPromise<MailList & { message: string }, string>(({ input }) =>
          retryMail(club._id, input),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { list, pushes, retrying, message, error } = snapshot.context;

  return (
    <div className="admin-part">
      <h2>{adminTexts.noticesTitle}</h2>
      <p className="admin-part__intro">
        E-Mails an die Mitglieder Ihres Vereins: abgesagte oder verlegte Buchungen, Buchungsbestätigungen und
        Links zum Zurücksetzen des Passworts. Fehlgeschlagene können Sie erneut senden. Darunter die
        Push-Nachrichten auf den Geräten der Mitglieder.
      </p>
      <ActionNotices message={message} error={!snapshot.matches('loadFailed') ? error : null} />
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText="Benachrichtigungen werden geladen …"
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'mails.retryLoad' })}
      >
        <h3 className="notices__title">E-Mails</h3>
        <div className="notices__head">
          <ul className="notices__counts" aria-label="E-Mails nach Status">
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
        <ClubPushes pushes={pushes} timeZone={club.time_zone} />
      </LoadState>
    </div>
  );
}

/** The push messages to the members' devices: what they said and how the sending went, never the device. */
function ClubPushes({ pushes, timeZone }: { pushes: PushList; timeZone: string }) {
  return (
    <section className="notices__pushes" aria-labelledby="club-pushes-title">
      <h3 id="club-pushes-title" className="notices__title">
        Push-Nachrichten
      </h3>
      <p className="admin-part__intro notices__intro">
        Mitteilungen auf den Geräten der Mitglieder, die das in Konto gewählt haben. Das Gerät selbst bleibt
        ungenannt; Sie sehen nur den Push-Dienst, über den es erreicht wird.
      </p>
      <div className="notices__head">
        <ul className="notices__counts" aria-label="Push-Nachrichten nach Status">
          {pushStatuses.map((status) => (
            <li key={status} className={`notices__count notices__count--${status}`}>
              {pushStatusLabels[status]}: <strong>{pushes.counts[status]}</strong>
            </li>
          ))}
        </ul>
      </div>
      {pushes.data.length === 0 ? (
        <p className="admin-status">Noch keine Push-Nachrichten.</p>
      ) : (
        <ul className="notices">
          {pushes.data.map((push) => {
            const row = pushRowView(push, timeZone);
            return (
              <li key={row.id} className={`notice-row notice-row--${row.status}`}>
                <div className="member__head">
                  <p className="member__name">{row.title}</p>
                  <span className={`badge badge--mail-${row.status}`}>{row.statusLabel}</span>
                </div>
                <p className="member__detail">{row.recipient}</p>
                <p className="member__detail">{row.moment}</p>
                {row.error && (
                  <p className={`member__detail${row.status === 'failed' ? ' notice-row__error' : ''}`}>
                    {row.error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
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
