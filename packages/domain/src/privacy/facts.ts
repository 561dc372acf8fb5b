/** What the operator and the code tell the privacy notice and the Impressum. */

/** What the Impressum and the privacy notice say where the operator left a detail unset. */
export const OPERATOR_NOT_CONFIGURED = 'Betreiber nicht konfiguriert';
export const ADDRESS_NOT_CONFIGURED = 'Anschrift nicht konfiguriert';

/** Operator details for the legal notice ("{name}, {address}, {email}"). */
export interface ImpressumConfig {
  name: string;
  email: string;
  /** The postal address an Impressum must give ("Musterweg 1, 12345 Musterstadt"); '' when not configured. */
  address: string;
}

/**
 * The facts of the privacy notice that the code decides, not the operator: how long what is kept
 * lasts. Sent from the constants the API works with, so the notice cannot promise other periods.
 */
export interface PrivacyFacts {
  /** A login not used for this many days ends. */
  sessionIdleDays: number;
  /** A login ends this many days after it began, however often it is used. */
  sessionLifetimeDays: number;
  /** Sent mails are deleted this many days after they went out. */
  sentMailDays: number;
  /** What a sent mail said (its body, the recipient's name) is removed this many days after it went out. */
  mailBodyDays: number;
}
