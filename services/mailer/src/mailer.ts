import type { ResetMailRequest } from './reset-mail';

export interface EnqueuedMail {
  /** `reset-<requestId>`; the same request always yields the same id. */
  readonly jobId: string;
}

/**
 * What the API depends on. Two implementations: the BullMQ queue (`createMailQueue`) and the
 * in-process fallback (`createInlineMailer`); `connectMailer` picks one.
 */
export interface Mailer {
  readonly mode: 'queue' | 'inline';
  /**
   * Hands the mail over and returns without waiting for delivery. Enqueueing the same requestId
   * again is harmless: it never leads to a second mail.
   */
  enqueueResetMail(mail: ResetMailRequest): Promise<EnqueuedMail>;
  /** Stops accepting mails; the inline mailer also waits for the deliveries under way. */
  close(): Promise<void>;
}
