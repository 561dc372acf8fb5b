import { describe, expect, it } from 'vitest';
import type { AuthState } from '@platzbuchung/domain/types';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { MemberStatus } from '@platzbuchung/domain/types';
import { appRoutes, membershipNotice, redirectFor, remoteScreenAt, routeAt } from '@platzbuchung/host/routes';

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

  it('always lets anyone open /impressum, /datenschutz and /reset-password', () => {
    for (const auth of [anonymous, member('player'), member('admin')]) {
      expect(redirectFor(accessOf('/impressum'), auth)).toBeNull();
      expect(redirectFor(accessOf('/datenschutz'), auth)).toBeNull();
      expect(redirectFor(accessOf('/reset-password'), auth)).toBeNull();
    }
  });

  it('lets any member open the players list, which the reservations remote fills', () => {
    const players = appRoutes.find((r) => r.path === '/players');
    expect(players?.content).toEqual({ kind: 'remote', remote: 'reservations', module: './Players' });
    expect(redirectFor(accessOf('/players'), member('player'))).toBeNull();
  });
});

describe('members who are not active', () => {
  const withStatus = (status: MemberStatus): AuthState => ({ ...member('player'), status }) as AuthState;
  const route = (path: string) => appRoutes.find((r) => r.path === path)!;

  it.each(['/reservations', '/bookings', '/players', '/admin'])('see the waiting notice on %s', (path) => {
    expect(membershipNotice(route(path), withStatus('pending'), 'TC Rot-Weiß')).toBe(
      'Ihre Mitgliedschaft bei TC Rot-Weiß wartet auf die Freigabe durch den Verein.',
    );
    expect(membershipNotice(route(path), withStatus('inactive'), 'TC Rot-Weiß')).toBe(
      memberTexts.inactiveNotice('TC Rot-Weiß'),
    );
    expect(membershipNotice(route(path), withStatus('active'), 'TC Rot-Weiß')).toBeNull();
  });

  it('still open their account and the public pages', () => {
    for (const path of ['/profile', '/impressum']) {
      expect(membershipNotice(route(path), withStatus('pending'), 'TC')).toBeNull();
    }
  });
});

describe('the screen a page will show, loaded before the layout renders', () => {
  it('finds routes by path, nested ones by prefix, with or without a trailing slash', () => {
    expect(routeAt('/reservations')?.title).toBe('Platzplan');
    expect(routeAt('/reservations/')?.title).toBe('Platzplan');
    expect(routeAt('/admin/mitglieder')?.title).toBe('Verwaltung');
    expect(routeAt('/reservations/extra')).toBeUndefined();
    expect(routeAt('/nowhere')).toBeUndefined();
  });

  it("names the grid for an active member, and the landing page's screen for a visitor", () => {
    expect(remoteScreenAt('/reservations', member('player'))).toEqual({
      remote: 'reservations',
      module: './Reservations',
    });
    expect(remoteScreenAt('/', anonymous)).toEqual({ remote: 'auth', module: './Landing' });
  });

  it('names none where the user is sent elsewhere, sees the membership notice or a page of the shell', () => {
    expect(remoteScreenAt('/reservations', anonymous)).toBeNull();
    expect(remoteScreenAt('/admin', member('player'))).toBeNull();
    expect(remoteScreenAt('/login', member('player'))).toBeNull();
    expect(
      remoteScreenAt('/reservations', { ...member('player'), status: 'pending' } as AuthState),
    ).toBeNull();
    expect(remoteScreenAt('/impressum', anonymous)).toBeNull();
    expect(remoteScreenAt('/datenschutz', anonymous)).toBeNull();
    expect(appRoutes.find((r) => r.path === '/datenschutz')?.content).toEqual({
      kind: 'page',
      page: 'privacy',
    });
  });
});
