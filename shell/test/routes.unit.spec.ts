import { describe, expect, it } from 'vitest';
import type { AuthState } from '@platzbuchung/domain/types';
import { appRoutes, redirectFor } from '../src/app/routes';

const anonymous: AuthState = { value: false };
const member = (role: 'admin' | 'player'): AuthState => ({
  value: true,
  _id: 'u1',
  club_id: 'c1',
  role,
  first_name: 'Anna',
  last_name: 'Schmidt',
  email: 'anna@example.org',
  status: 'active',
});
const accessOf = (path: string) => appRoutes.find((r) => r.path === path)?.access ?? 'open';

describe('route guards', () => {
  it.each(['/reservations', '/profile', '/bookings', '/players', '/admin'])(
    'sends a logged-out user from %s to /',
    (path) => {
      expect(redirectFor(accessOf(path), anonymous)).toBe('/');
    },
  );

  it.each(['/', '/register', '/register/club', '/login', '/forgot-password'])(
    'sends a logged-in user from %s to /reservations',
    (path) => {
      expect(redirectFor(accessOf(path), member('player'))).toBe('/reservations');
    },
  );

  it('sends a player from /admin to /reservations and lets an admin in', () => {
    expect(redirectFor(accessOf('/admin'), member('player'))).toBe('/reservations');
    expect(redirectFor(accessOf('/admin'), member('admin'))).toBeNull();
  });

  it('always lets anyone open /impressum and /reset-password', () => {
    for (const auth of [anonymous, member('player'), member('admin')]) {
      expect(redirectFor(accessOf('/impressum'), auth)).toBeNull();
      expect(redirectFor(accessOf('/reset-password'), auth)).toBeNull();
    }
  });

  it('lets any member open the players list, which the reservations remote fills', () => {
    const players = appRoutes.find((r) => r.path === '/players');
    expect(players?.content).toEqual({ kind: 'remote', remote: 'reservations', module: './Players' });
    expect(redirectFor(accessOf('/players'), member('player'))).toBeNull();
  });
});
