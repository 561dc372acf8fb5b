/**
 * The treasurer's guest list as `GET /api/admin/guests` answers it (docs/architecture/exports.md,
 * "Exports"): the API writes it, the admin area's "Gäste" shows it.
 */
import type { IsoDate } from '../types';

/** A member as the list names them; both names null for an erased member. */
export interface Person {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
}

/** One guest on one date: what the treasurer collects. */
export interface GuestRow {
  date: IsoDate;
  hours: number;
  court_num: string;
  member: Person;
  guest_name: string;
  /** The fee per hour when named, times the hours. */
  fee_cents: number;
  /** The hour has begun (club time): false for one booked but not yet played. */
  played: boolean;
}

export interface GuestTotal extends Person {
  guest_hours: number;
  fee_cents: number;
  /** Of `fee_cents`, what falls on hours not yet played. */
  upcoming_fee_cents: number;
}

export interface GuestList {
  data: GuestRow[];
  /** Per booking member, by name. */
  totals: GuestTotal[];
  total_fee_cents: number;
  /** Of `total_fee_cents`, what falls on hours not yet played: a range may reach into the future. */
  upcoming_fee_cents: number;
}
