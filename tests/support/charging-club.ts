/**
 * A club that charges (docs/architecture/money.md): the e2e tests of prices, the member's account
 * and the Kasse book on a weekday evening, when hall rent and floodlight both apply.
 */
import type { Club } from '@platzbuchung/domain/types';
import { expect } from 'vitest';
import { apiSession } from './admin-api';
import { clubDay } from './reservations-api';
import type { Account } from './api';

/** The first Tuesday from tomorrow on: the floodlight rules hold on Tuesdays. */
export function nextTuesday(): string {
  for (let days = 1; ; days++) {
    const day = clubDay(days);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) return day;
  }
}

/**
 * Hall rent 18 € every hour and floodlight 3 € on weekdays from 18 Uhr, charged onto the members'
 * accounts, in a club of 6 courts open 8–22 Uhr: an evening hour costs 21,00 €.
 */
export async function chargeOntoAccounts(club: Club, admin: Account): Promise<void> {
  const admins = await apiSession(admin);
  const saved = await admins.put(`/api/admin/club?club_id=${club._id}`, {
    name: club.name,
    courts_count: 6,
    start_hour: 8,
    end_hour: 22,
    reservations_limit: 3,
    prices: [
      {
        label: 'Hallenmiete',
        courts: null,
        days: [1, 2, 3, 4, 5, 6, 7],
        from_hour: 8,
        to_hour: 22,
        cents_per_hour: 1800,
      },
      {
        label: 'Flutlicht',
        courts: null,
        days: [1, 2, 3, 4, 5],
        from_hour: 18,
        to_hour: 22,
        cents_per_hour: 300,
      },
    ],
    payment: 'account',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await admins.dispose();
}
