/**
 * What the API depends on. Mails are rows in the outbox (./outbox), written in the transaction of
 * their cause; the mailer only has to be told that one is waiting. Two modes: `queue`, where the
 * mailer process relays rows to BullMQ and its worker sends them, and `inline`, where the API
 * relays and sends them itself because no Redis is reachable. `connectMailer` picks one.
 */
export interface Mailer {
  readonly mode: 'queue' | 'inline';
  /** An outbox row was committed: look for it now rather than at the next poll. */
  wake(): void;
  /** Stops relaying; the inline mailer also waits for the deliveries under way. */
  close(): Promise<void>;
}
