/**
 * What every decider of every stream returns (reservations, blocks, club settings, members): the
 * events to append, or a typed refusal that the API maps to a status (conflict 409, limit 409,
 * past 400, forbidden 403, not_found 404, invalid 400, payment_required 402).
 */
import type { Role } from './types';

/** Who asks, from the session; never from the request body. */
export interface Actor {
  user_id: string;
  role: Role;
}

/**
 * The app itself, for what happens by the clock (a release nobody checked in for,
 * docs/check-in.md): no member's id, so the log names it "System".
 */
export const SYSTEM_ACTOR: Actor = { user_id: '00000000-0000-0000-0000-000000000000', role: 'admin' };

/** How the log names the system where it names who acted. */
export const SYSTEM_ACTOR_NAME = 'System';

export type RefusalKind =
  | 'conflict'
  | 'limit'
  | 'past'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  /** A prepaid club's member without the credit a booking needs (402, with the amount missing). */
  | 'payment_required';

export interface Refusal {
  kind: RefusalKind;
  /** German, shown to the user as it is. */
  message: string;
}

/** Every decider answers this way; `E` is its stream type's events. */
export type Decision<E> = { ok: true; events: E[] } | { ok: false; error: Refusal };

export function accept<E>(...events: E[]): Decision<E> {
  return { ok: true, events };
}

export function reject<E>(kind: RefusalKind, message: string): Decision<E> {
  return { ok: false, error: { kind, message } };
}
