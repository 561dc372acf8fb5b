import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarTexts } from '@platzbuchung/domain/calendar/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import { resetMailsIn } from './support/outbox-mails';

/**
 * The personal calendar feed, read back with ical.js, a real RFC 5545 parser: what a member's
 * calendar app would show.
 */

/** Friday 2026-03-20, 11:00 in Berlin: the clocks go forward on Sunday 2026-03-29. */
const NOW = new Date('2026-03-20T10:00:00Z');
const MONDAY = '2026-03-23';

const api = apiForFile({ now: NOW });

type ListAnswer = { data: Reservation[]; error?: string };

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const before = new Set(
    (await client.get<Reservation[]>(`/api/reservations?club_id=${members.club._id}`)).body.map((r) => r._id),
  );
  const response = await client.post<ListAnswer>('/api/reservations', { club_id: members.club._id, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find((r) => !before.has(r._id))!._id;
}

const cancel = (
  client: TestClient,
  id: string,
  date: string,
  deleteType: 'once' | 'once_and_future' | 'all',
) =>
  client.post(`/api/reservations?reservation_id=${id}`, {
    form_method: 'delete',
    date,
    delete_type: deleteType,
  });

async function feedUrlOf(client: TestClient): Promise<string> {
  const response = await client.get<{ url: string }>('/api/account/calendar');
  expect(response.status).toBe(200);
  return response.body.url;
}

/** The path of a feed URL, fetched without any session, as a calendar app does. */
const feedPath = (url: string) => new URL(url).pathname;

async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return fetch(api.url + feedPath(url), { headers });
}

interface ParsedFeed {
  calendar: ICAL.Component;
  events: ICAL.Event[];
}

async function parsedFeed(url: string): Promise<ParsedFeed> {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  // Times with a TZID are resolved through the feed's own VTIMEZONE, as a calendar app does.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

const eventOf = (feed: ParsedFeed, reservationId: string) =>
  feed.events.find((event) => event.uid === `${reservationId}@platzbuchung`);

/** Every start of an event up to `until`, as UTC instants. */
function startsUntil(event: ICAL.Event, until: string): string[] {
  const starts: string[] = [];
  const expansion = event.iterator();
  const end = new Date(until).getTime();
  for (let next = expansion.next(); next; next = expansion.next()) {
    const instant = event.getOccurrenceDetails(next).startDate.toJSDate();
    if (instant.getTime() > end) break;
    starts.push(instant.toISOString());
  }
  return starts;
}

describe('who may', () => {
  it('the account link needs a login; every member gets one, the same one each time; the feed needs none', async () => {
    const members = await clubWithMembers(api.url);
    const anonymous = new TestClient(api.url);
    expect((await anonymous.get('/api/account/calendar')).status).toBe(401);
    expect((await anonymous.post('/api/account/calendar')).status).toBe(401);

    for (const client of [members.player.client, members.admin.client]) {
      const url = await feedUrlOf(client);
      expect(url).toMatch(new RegExp(`^${api.deps.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      expect(await feedUrlOf(client)).toBe(url);
      const response = await fetchFeed(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    }
    expect(await feedUrlOf(members.player.client)).not.toBe(await feedUrlOf(members.admin.client));
    expect(await api.countRows('calendar_feeds')).toBeGreaterThanOrEqual(2);
  });

  it('stores neither the secret nor anything that yields it without the server key', async () => {
    const members = await clubWithMembers(api.url);
    const secret = /calendar\/([^.]+)\.ics$/.exec(await feedUrlOf(members.player.client))![1]!;
    const row = await api.db('calendar_feeds').where({ user_id: members.player.user._id }).first();
    const stored =
      JSON.stringify(row) +
      Object.values(row as object)
        .map((v) => (Buffer.isBuffer(v) ? v.toString('base64url') : ''))
        .join();
    expect(stored).not.toContain(secret);
  });
});

describe('the feed', () => {
  let members: Members;
  let series: string;
  beforeAll(async () => {
    api.setNow(NOW);
    members = await clubWithMembers(api.url);
    series = await book(members.admin.client, members, {
      court_num: '3',
      start_time: 19,
      end_time: 20,
      date: MONDAY,
      recurring: true,
      label: 'Training; Herren, 1. Mannschaft',
    });
  });

  it('writes a weekly series as one VEVENT with RRULE, in the club zone, with its VTIMEZONE', async () => {
    const feed = await parsedFeed(await feedUrlOf(members.admin.client));
    expect(feed.events).toHaveLength(1);
    const event = eventOf(feed, series)!;
    expect(event.isRecurring()).toBe(true);
    expect(event.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=WEEKLY');
    expect(event.summary).toBe(`Tennis Platz 3 – ${members.club.name}`);
    expect(event.location).toBe(members.club.name);
    expect(event.description).toBe('Training; Herren, 1. Mannschaft');
    expect(event.component.getFirstProperty('dtstamp')?.getFirstValue()?.toString()).toBe(
      '2026-03-20T10:00:00Z',
    );
    expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
    const zones = feed.calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
  });

  it('keeps 19:00 at 19:00 club time across both clock changes', async () => {
    const event = eventOf(await parsedFeed(await feedUrlOf(members.admin.client)), series)!;
    const starts = startsUntil(event, '2026-11-03T00:00:00Z');
    // Summer time (UTC+2) from 29 March to 25 October, winter time (UTC+1) around it.
    expect(starts.slice(0, 2)).toEqual(['2026-03-23T18:00:00.000Z', '2026-03-30T17:00:00.000Z']);
    expect(starts.slice(-3)).toEqual([
      '2026-10-19T17:00:00.000Z',
      '2026-10-26T18:00:00.000Z',
      '2026-11-02T18:00:00.000Z',
    ]);
    const local = event.startDate.toString();
    expect(local).toBe('2026-03-23T19:00:00');
  });

  it('lists a cancelled occurrence as an EXDATE, and an ended series gets UNTIL', async () => {
    expect((await cancel(members.admin.client, series, '2026-04-06', 'once')).status).toBe(200);
    expect((await cancel(members.admin.client, series, '2026-04-20', 'once_and_future')).status).toBe(200);
    const event = eventOf(await parsedFeed(await feedUrlOf(members.admin.client)), series)!;
    const exdates = event.component.getAllProperties('exdate').flatMap((p) => p.getValues().map(String));
    expect(exdates).toEqual(['2026-04-06T19:00:00']);
    const rule = event.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.until?.toString()).toBe('2026-04-19T21:59:59Z');
    expect(startsUntil(event, '2027-01-01T00:00:00Z')).toEqual([
      '2026-03-23T18:00:00.000Z',
      '2026-03-30T17:00:00.000Z',
      '2026-04-13T17:00:00.000Z',
    ]);
  });

  it("shows the member's own bookings only; cancelled and blocked ones disappear", async () => {
    const player = members.player.client;
    const kept = await book(player, members, {
      court_num: '1',
      start_time: 19,
      end_time: 20,
      date: '2026-03-24',
    });
    const cancelled = await book(player, members, {
      court_num: '2',
      start_time: 19,
      end_time: 20,
      date: '2026-03-25',
    });
    const blocked = await book(player, members, {
      court_num: '4',
      start_time: 18,
      end_time: 19,
      date: '2026-03-26',
    });
    const url = await feedUrlOf(player);
    expect((await parsedFeed(url)).events.map((e) => e.uid).sort()).toEqual(
      [kept, cancelled, blocked].map((id) => `${id}@platzbuchung`).sort(),
    );

    expect((await cancel(player, cancelled, '2026-03-25', 'all')).status).toBe(200);
    const closed = await members.admin.client.post(`/api/admin/blocks?club_id=${members.club._id}`, {
      court_nums: ['4'],
      from: '2026-03-26T17:00',
      until: '2026-03-26T20:00',
      reason: 'Platzpflege',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);

    const feed = await parsedFeed(url);
    expect(feed.events.map((e) => e.uid)).toEqual([`${kept}@platzbuchung`]);
    expect(eventOf(feed, kept)!.startDate.toJSDate().toISOString()).toBe('2026-03-24T18:00:00.000Z');
    // The admin's series is in the admin's feed only, and the player's booking in the player's.
    const adminFeed = await parsedFeed(await feedUrlOf(members.admin.client));
    expect(adminFeed.events.map((e) => e.uid)).toEqual([`${series}@platzbuchung`]);
  });

  it('answers a repeat request with 304 until a booking changes', async () => {
    const url = await feedUrlOf(members.player.client);
    const first = await fetchFeed(url);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await fetchFeed(url, { 'If-None-Match': etag })).status).toBe(304);
    await book(members.player.client, members, {
      court_num: '5',
      start_time: 9,
      end_time: 10,
      date: '2026-03-27',
    });
    const changed = await fetchFeed(url, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('what a feed costs and how far back it reaches', () => {
  it('answers an unchanged feed with 304 from one query, without reading or writing the bookings', async () => {
    const members = await clubWithMembers(api.url);
    await book(members.player.client, members, { court_num: '1', start_time: 9, end_time: 10, date: MONDAY });
    const url = await feedUrlOf(members.player.client);
    const etag = (await fetchFeed(url)).headers.get('etag')!;
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    api.db.on('query', listen);
    try {
      expect((await fetchFeed(url, { 'If-None-Match': etag })).status).toBe(304);
    } finally {
      api.db.off('query', listen);
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/"?reservations"?/);
  });

  it('shows a long-running series from its first occurrence in the window, with that part’s cancellations only', async () => {
    const members = await clubWithMembers(api.url);
    // Booked two years back: a Monday series that is still running.
    api.setNow(new Date('2024-03-01T10:00:00Z'));
    let series: string;
    try {
      series = await book(members.admin.client, members, {
        court_num: '2',
        start_time: 18,
        end_time: 19,
        date: '2024-03-04',
        recurring: true,
      });
      expect((await cancel(members.admin.client, series, '2024-04-01', 'once')).status).toBe(200);
      expect((await cancel(members.admin.client, series, '2025-06-02', 'once')).status).toBe(200);
    } finally {
      api.setNow(NOW);
    }
    const event = eventOf(await parsedFeed(await feedUrlOf(members.admin.client)), series)!;
    // The window begins 365 days back, on Thursday 2025-03-20; the next Monday is the 24th.
    expect(event.startDate.toString()).toBe('2025-03-24T18:00:00');
    const exdates = event.component.getAllProperties('exdate').flatMap((p) => p.getValues().map(String));
    expect(exdates).toEqual(['2025-06-02T18:00:00']);
  });
});

describe('renewing and refusing', () => {
  it('a new link ends the old one: it answers 404 from then on', async () => {
    const members = await clubWithMembers(api.url);
    const old = await feedUrlOf(members.player.client);
    const renewed = await members.player.client.post<{ url: string }>('/api/account/calendar', {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(old);
    expect(await feedUrlOf(members.player.client)).toBe(renewed.body.url);
    expect((await fetchFeed(renewed.body.url)).status).toBe(200);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: calendarTexts.feedNotFound });
  });

  it("ends with the membership: an inactive member's link answers 404, a reactivated one's works again", async () => {
    const members = await clubWithMembers(api.url);
    const url = await feedUrlOf(members.player.client);
    expect((await fetchFeed(url)).status).toBe(200);
    const setStatus = (status: string) =>
      members.admin.client.request(
        'PUT',
        `/api/admin/members/${members.player.user._id}/status?club_id=${members.club._id}`,
        { status },
      );
    expect((await setStatus('inactive')).status).toBe(200);
    const gone = await fetchFeed(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: calendarTexts.feedNotFound });
    expect((await setStatus('active')).status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('a password reset renews the link: the old one answers 404, the account shows a new one', async () => {
    const members = await clubWithMembers(api.url);
    const old = await feedUrlOf(members.player.client);
    const anonymous = new TestClient(api.url);
    expect((await anonymous.post('/api/forgot-password', { email: members.player.user.email })).status).toBe(
      200,
    );
    const mailTo = async () =>
      (await resetMailsIn(api.db)).find((mail) => mail.to === members.player.user.email);
    await expect.poll(mailTo).toBeDefined();
    const token = new URL((await mailTo())!.resetUrl).searchParams.get('token');
    const reset = await anonymous.post('/api/reset-password', {
      resetToken: token,
      password: 'Neues-Passwort-7',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    expect((await fetchFeed(old)).status).toBe(404);
    const { client } = await loggedIn(api.url, members.player.user.email, 'Neues-Passwort-7');
    const renewed = await feedUrlOf(client);
    expect(renewed).not.toBe(old);
    expect((await fetchFeed(renewed)).status).toBe(200);
  });

  it('answers unknown and malformed secrets alike with 404, and never a feed', async () => {
    const unknown = 'A'.repeat(43);
    const answers = await Promise.all(
      [unknown, 'x', 'A'.repeat(44), 'A'.repeat(42) + '!', '%00', '..', 'A'.repeat(5000), "' OR 1=1 --"].map(
        async (secret) => {
          const response = await fetch(`${api.url}/api/calendar/${encodeURIComponent(secret)}.ics`);
          return { status: response.status, body: await response.text() };
        },
      ),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 404, body: JSON.stringify({ error: calendarTexts.feedNotFound }) });
    }
    expect((await fetch(`${api.url}/api/calendar/${unknown}`)).status).toBe(404);
  });
});

describe('a booking that names the member', () => {
  it('is in the co-player’s feed with the booker’s name; not in a third member’s', async () => {
    api.setNow(NOW);
    const members = await clubWithMembers(api.url);
    const partner = await loggedIn(
      api.url,
      (await signUp(api.url, members.club._id, { first_name: 'Jörg' })).email,
    );
    const booking = await book(members.player.client, members, {
      court_num: '2',
      start_time: 17,
      end_time: 18,
      date: MONDAY,
    });
    // The row the reservations projection keeps from the booking's `players` (docs/who-plays.md).
    await api.db('reservation_players').insert({
      reservation_id: booking,
      club_id: members.club._id,
      ordinal: 0,
      user_id: partner.user._id,
    });

    const feed = await parsedFeed(await feedUrlOf(partner.client));
    const event = eventOf(feed, booking)!;
    expect(event.summary).toBe(calendarTexts.summary('2', members.club.name, 'Steffi Graf'));
    expect(event.summary).toContain('(mit Steffi Graf)');
    expect(event.description).toBe('Sie sind Mitspieler in der Buchung von Steffi Graf.');
    // The booker's own feed names nobody; the admin, named nowhere, does not see it.
    const own = eventOf(await parsedFeed(await feedUrlOf(members.player.client)), booking)!;
    expect(own.summary).toBe(calendarTexts.summary('2', members.club.name));
    expect(eventOf(await parsedFeed(await feedUrlOf(members.admin.client)), booking)).toBeUndefined();
  });
});
