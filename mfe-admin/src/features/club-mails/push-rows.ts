/**
 * How the admin's list shows one push message (docs/architecture/push.md, "For the club's admins"):
 * its title, to whom and on which push service, and how the sending went. The device is named by
 * its push service's host only; the endpoint never reaches the browser.
 */
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { pushStatusLabels, type PushListItem, type PushStatus } from '@platzbuchung/domain/push/outbox-list';

interface PushRowView {
  readonly id: string;
  readonly status: PushStatus;
  readonly title: string;
  readonly statusLabel: string;
  /** "An Anke Huber, Gerät bei fcm.googleapis.com". */
  readonly recipient: string;
  /** When it was written, delivered or given up, with the failed attempts so far. */
  readonly moment: string;
  /** The push service's last answer, for a failed message or one that waits for another try. */
  readonly error: string | null;
}

/**
 * The push service's last answer in German: the sender keeps "HTTP 500" for an answer and the
 * network's own (English) words when none came.
 */
function reasonText(lastError: string): string {
  const status = /^HTTP (\d{3})$/.exec(lastError)?.[1];
  return status
    ? `Grund: Der Push-Dienst antwortete mit HTTP ${status}.`
    : `Grund: Der Push-Dienst war nicht erreichbar (${lastError}).`;
}

const attemptsText = (attempts: number) =>
  attempts === 0 ? '' : attempts === 1 ? ', 1 Fehlversuch' : `, ${attempts} Fehlversuche`;

/** One push message as the list shows it, its times read on the club's wall (`timeZone`). */
export function pushRowView(push: PushListItem, timeZone: string): PushRowView {
  const when = (iso: string) => formatInstantDe(timeZone, iso);
  const moment =
    push.status === 'sent' && push.sentAt
      ? `zugestellt am ${when(push.sentAt)}`
      : push.status === 'failed' && push.failedAt
        ? `fehlgeschlagen am ${when(push.failedAt)}`
        : `angelegt am ${when(push.createdAt)}`;
  const device = push.pushService ? `Gerät bei ${push.pushService}` : 'Gerät';
  return {
    id: push.id,
    status: push.status,
    title: push.title || 'Push-Nachricht',
    statusLabel: pushStatusLabels[push.status],
    recipient: `An ${push.recipientName || 'ein Mitglied'}, ${device}`,
    moment: `${moment}${attemptsText(push.attempts)}`,
    error: push.status !== 'sent' && push.lastError ? reasonText(push.lastError) : null,
  };
}
