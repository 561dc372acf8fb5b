/**
 * The mailer process's running work (./connect-mailer). Mails are rows in the outbox
 * (@platzbuchung/outbox), written in the transaction of their cause. Two modes: `queue`, where the
 * relay hands rows to BullMQ and the worker sends them, and `inline`, where this process relays and
 * sends them itself because no Redis is reachable.
 */
export interface Mailer {
  readonly mode: 'queue' | 'inline';
  /** An outbox row was committed: look for it now rather than at the next poll. */
  wake(): void;
  /** Stops relaying and lets the deliveries under way finish. */
  close(): Promise<void>;
}
