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
import { fetchNotices, retryNotice } from './api';
import { noticesMachine } from './notices-machine';

export function Notices({ club }: { club: Club }) {
  const [machine] = useState(() =>
    noticesMachine.provide({
      actors: {
        loadNotices: fromPromise<MailList>(({ signal }) => fetchNotices(club._id, signal)),
        retryNotice: fromPromise<MailList & { message: string }, string>(({ input }) =>
          retryNotice(club._id, input),
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
        onRetry={() => send({ type: 'notices.retryLoad' })}
      >
        <div className="notices__head">
          <ul className="notices__counts" aria-label="Anzahl nach Status">
            {mailStatuses.map((status) => (
              <li key={status} className={`notices__count notices__count--${status}`}>
                {mailStatusLabels[status]}: <strong>{list.counts[status]}</strong>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => send({ type: 'notices.reload' })}>
            Aktualisieren
          </button>
        </div>
        {list.data.length === 0 ? (
          <p className="admin-status">{adminTexts.noticesEmpty}</p>
        ) : (
          <ul className="notices">
            {list.data.map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                busy={retrying === notice.id}
                disabled={retrying !== null}
                timeZone={club.time_zone}
                onRetry={() => send({ type: 'notice.retry', id: notice.id })}
              />
            ))}
          </ul>
        )}
      </LoadState>
    </div>
  );
}

interface NoticeRowProps {
  notice: MailListItem;
  busy: boolean;
  disabled: boolean;
  onRetry: () => void;
  /** The club's: times are read on its wall. */
  timeZone: string;
}

function NoticeRow({ notice, busy, disabled, onRetry, timeZone }: NoticeRowProps) {
  const when = (iso: string) => formatInstantDe(timeZone, iso);
  const moment =
    notice.status === 'sent' && notice.sentAt
      ? `versendet am ${when(notice.sentAt)}`
      : notice.status === 'failed' && notice.failedAt
        ? `fehlgeschlagen am ${when(notice.failedAt)}`
        : `angelegt am ${when(notice.createdAt)}`;
  return (
    <li className={`notice-row notice-row--${notice.status}`}>
      <div className="member__head">
        <p className="member__name">{mailKindLabels[notice.kind]}</p>
        <span className={`badge badge--mail-${notice.status}`}>{mailStatusLabels[notice.status]}</span>
      </div>
      <p className="member__detail">
        An {notice.recipientName || 'ein Mitglied'} (@{notice.recipientDomain})
      </p>
      <p className="member__detail">
        {moment}
        {notice.attempts > 0 &&
          `, ${notice.attempts === 1 ? '1 Fehlversuch' : `${notice.attempts} Fehlversuche`}`}
      </p>
      {notice.status === 'dropped' && notice.lastError && (
        <p className="member__detail">{notice.lastError}</p>
      )}
      {notice.status === 'failed' && notice.lastError && (
        <p className="member__detail notice-row__error">Grund: {notice.lastError}</p>
      )}
      {notice.status === 'failed' && (
        <button type="button" className="button member__action" onClick={onRetry} disabled={disabled}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {adminTexts.noticeRetry}
        </button>
      )}
    </li>
  );
}
