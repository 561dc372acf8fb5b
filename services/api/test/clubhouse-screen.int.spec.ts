import { describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { DisplayDay } from '@platzbuchung/domain/display/screen';
import { displayTexts } from '@platzbuchung/domain/display/texts';
import { apiForFile } from './support/api-for-file';
import { clubWithMembers, type Members } from './support/fixtures';
import { listenAt } from './support/live-stream';
import { waitUntil } from './support/event-log';

/**
 * The clubhouse screen (docs/architecture/clubhouse-screen.md): the admin's secret link,
 * the day it opens without a login, its live stream, and renewing, which ends the old link at once.
 */
/** Monday 2026-03-23, 10:00 in Berlin: later hours of the day are free to book. */
const NOW = new Date('2026-03-23T09:00:00Z');
const api = apiForFile({ now: NOW });

type LinkAnswer = { url: string | null; message?: string };

async function makeLink(members: Members): Promise<string> {
  const response = await members.admin.client.post<LinkAnswer>(
    `/api/admin/display?club_id=${members.club._id}`,
    {},
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.url!;
}

const secretOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const dayOf = (url: string) => fetch(`${api.url}/api/display/${secretOf(url)}`);
const streamOf = (url: string) => listenAt(`${api.url}/api/display/${secretOf(url)}/stream`);

async function bookToday(members: Members, hour: number, court = '1') {
  const today = clubNow(members.club.time_zone, NOW);
  const response = await members.player.client.post('/api/reservations', {
    club_id: members.club._id,
    court_num: court,
    start_time: hour,
    end_time: hour + 1,
    date: today.date,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

const allDay = { start_hour: 8, end_hour: 22, courts_count: 2 };

describe('the clubhouse screen link', () => {
  it('the admin makes it, sees the same link again, and renewing ends the old one (404)', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const path = `/api/admin/display?club_id=${members.club._id}`;
    expect((await members.admin.client.get<LinkAnswer>(path)).body).toEqual({
      url: null,
      display_names: 'initials',
    });

    const first = await makeLink(members);
    expect(first).toMatch(/\/aushang\/[A-Za-z0-9_-]{43}$/);
    expect((await members.admin.client.get<LinkAnswer>(path)).body.url).toBe(first);
    expect((await dayOf(first)).status).toBe(200);

    const second = await makeLink(members);
    expect(second).not.toBe(first);
    expect((await members.admin.client.get<LinkAnswer>(path)).body.url).toBe(second);
    const gone = await dayOf(first);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toBe(displayTexts.linkGone);
    expect((await fetch(`${api.url}/api/display/${secretOf(first)}/stream`)).status).toBe(404);
    expect((await dayOf(second)).status).toBe(200);

    // The old link's page: a German 404 that no cache keeps, no referrer carries, no index lists.
    const page = await fetch(`${api.url}${new URL(first).pathname}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await page.text()).toContain(displayTexts.linkGone);
  });

  it('is the admin’s alone: a player gets 403, another club’s admin 403, a visitor 401', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const other = await clubWithMembers(api.url, allDay);
    const path = `/api/admin/display?club_id=${members.club._id}`;
    for (const client of [members.player.client, other.admin.client]) {
      expect((await client.get(path)).status).toBe(403);
      expect((await client.post(path, {})).status).toBe(403);
    }
    expect((await fetch(`${api.url}${path}`)).status).toBe(401);
    expect((await members.admin.client.get<LinkAnswer>(path)).body.url).toBeNull();
  });

  it('an unknown or malformed secret is a 404 like a renewed one', async () => {
    expect((await fetch(`${api.url}/api/display/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/display/kurz`)).status).toBe(404);
  });
});

describe('the screen’s day', () => {
  it('names the holders as the club chose, and carries no ids or e-mail addresses', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const url = await makeLink(members);
    await bookToday(members, 12);
    const named = async () => {
      const answer = await dayOf(url);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-robots-tag')).toMatch(/noindex/);
      const text = await answer.text();
      expect(text).not.toContain(members.player.user._id);
      expect(text).not.toContain('@');
      const day = JSON.parse(text) as DisplayDay;
      return day.courts[0]!.slots.find((slot) => slot.state === 'booked')!.text;
    };
    expect(await named()).toBe('S. G.');
    const settings = (display_names: string) => ({
      name: members.club.name,
      courts_count: members.club.courts_count,
      start_hour: members.club.start_hour,
      end_hour: members.club.end_hour,
      reservations_limit: members.club.reservations_limit,
      display_names,
    });
    const club = `/api/admin/club?club_id=${members.club._id}`;
    expect((await members.admin.client.request('PUT', club, settings('full'))).status).toBe(200);
    expect(await named()).toBe('Steffi Graf');
    expect((await members.admin.client.request('PUT', club, settings('none'))).status).toBe(200);
    expect(await named()).toBeNull();
    const refused = await members.admin.client.request('PUT', club, settings('alle'));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('/display_names');
  });

  it('names no deactivated member, as the grid names none: the booking shows as booked', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const url = await makeLink(members);
    await bookToday(members, 12);
    const query = `club_id=${members.club._id}`;
    const deactivated = await members.admin.client.request(
      'PUT',
      `/api/admin/members/${members.player.user._id}/status?${query}`,
      { status: 'inactive' },
    );
    expect(deactivated.status).toBe(200);
    const grid = await members.admin.client.get<{ _id: string }[]>(`/api/users?${query}`);
    expect(grid.body.map((member) => member._id)).not.toContain(members.player.user._id);
    const day = (await (await dayOf(url)).json()) as DisplayDay;
    const booked = day.courts[0]!.slots.find((slot) => slot.hour === 12)!;
    expect(booked).toEqual({ hour: 12, state: 'booked', text: null });
  });
});

describe('the screen’s live stream', () => {
  it('follows the club’s bookings without saying whose they are', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const url = await makeLink(members);
    const screen = await streamOf(url);
    try {
      expect(screen.status).toBe(200);
      expect(screen.headers.get('referrer-policy')).toBe('no-referrer');
      await bookToday(members, 14, '2');
      const messages = await screen.waitForChanges(1);
      expect(Object.keys(messages[0]!).sort()).toEqual(['club_seq', 'type']);
    } finally {
      screen.close();
    }
  });

  it('ends at once when the admin renews the link, and the old link cannot open another', async () => {
    const members = await clubWithMembers(api.url, allDay);
    const url = await makeLink(members);
    const screen = await streamOf(url);
    let ended = false;
    void screen.ended.then(() => (ended = true));
    await makeLink(members);
    // Well within the heartbeat (25 s): the renewal's notification ends it.
    await waitUntil('the old link’s stream ended', () => ended, 5_000);
    expect((await fetch(`${api.url}/api/display/${secretOf(url)}/stream`)).status).toBe(404);
  });
});
