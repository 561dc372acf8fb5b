/**
 * A club's push messages as its admins see them beside its mails (docs/architecture/push.md,
 * "For the club's admins"): what a message said and how its sending went, never where it went
 * beyond the push service's host (an endpoint is a key to one member's device).
 */
export const pushStatuses = ['waiting', 'sent', 'failed'] as const;
export type PushStatus = (typeof pushStatuses)[number];

export const pushStatusLabels: Record<PushStatus, string> = {
  waiting: 'Wartet',
  sent: 'Zugestellt',
  failed: 'Fehlgeschlagen',
};

export interface PushListItem {
  readonly id: string;
  readonly status: PushStatus;
  /** The notification's title, as the member's device showed it. */
  readonly title: string;
  readonly recipientName: string;
  /** The host of the device's push service (e.g. fcm.googleapis.com), never the endpoint. */
  readonly pushService: string;
  /** Failed attempts so far. */
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly failedAt: string | null;
}

/** GET /api/admin/push-notices: the latest push messages and how many there are of each status. */
export interface PushList {
  data: PushListItem[];
  counts: Record<PushStatus, number>;
}
