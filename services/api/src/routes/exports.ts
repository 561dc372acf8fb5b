/**
 * The club's exports for its admins (docs/architecture/exports.md): the treasurer's guest list
 * (JSON or CSV), the bookings, members and guests as spreadsheets, and the event log as JSON Lines.
 * Another club's admin and every player get 403, a malformed range a German 400.
 */
import Router from '@koa/router';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { formatDayDe, formatHour, shortWeekdayDe, wallClockOf } from '@platzbuchung/domain/dates';
import { exportTexts } from '@platzbuchung/domain/exports/texts';
import { euroAmount } from '@platzbuchung/domain/cents';
import { fullName } from '@platzbuchung/domain/names';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { requestedRange, type DateRange } from '../http/date-range';
import { badRequest, notFound } from '../http/errors';
import { describeRoutes } from '../http/api-description';
import { clubQuery, dayRangeQuery, integer, listOf, object } from '../http/answer-schemas';
import { findClub } from '../accounts/users-store';
import { csvFile, type Cell } from '../exports/csv';
import { attach, attachCsv } from '../http/attachment';
import type { GuestList } from '@platzbuchung/domain/exports/guest-list';
import { clubMembers, guestList, occurrencesIn, playerName } from '../exports/export-rows';
import { clubNow } from '@platzbuchung/domain/club-time';
import { eventLines } from '../exports/event-lines';
import { ExportSlots } from '../exports/export-slots';

const csv = attachCsv;

function guestCsv({ data, totals, total_fee_cents, upcoming_fee_cents }: GuestList): string {
  const t = exportTexts;
  return csvFile(
    [
      t.guestColumns,
      ...data.map((row) => [
        formatDayDe(row.date),
        row.hours,
        row.court_num,
        fullName(row.member),
        row.guest_name,
        euroAmount(row.fee_cents),
        row.played ? t.yes : t.no,
      ]),
    ],
    [
      [t.guestTotalsHeading],
      t.guestTotalsColumns,
      ...totals.map((total) => [
        fullName(total),
        total.guest_hours,
        euroAmount(total.fee_cents),
        euroAmount(total.upcoming_fee_cents),
      ]),
      [
        t.guestTotalsSum,
        totals.reduce((sum, total) => sum + total.guest_hours, 0),
        euroAmount(total_fee_cents),
        euroAmount(upcoming_fee_cents),
      ],
    ],
  );
}

function format(ctx: AppContext): 'json' | 'csv' {
  const { format: wanted } = ctx.query;
  if (wanted === undefined || wanted === 'json') return 'json';
  if (wanted === 'csv') return 'csv';
  throw badRequest([{ instancePath: '/format', message: exportTexts.formatInvalid }]);
}

function afterPosition(ctx: AppContext): number | undefined {
  const { after } = ctx.query;
  if (after === undefined || after === '') return undefined;
  if (typeof after !== 'string' || !/^\d{1,15}$/.test(after)) {
    throw badRequest([{ instancePath: '/after', message: exportTexts.afterInvalid }]);
  }
  return Number(after);
}

export function exportRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin' });
  router.use(requireLogin(deps.db));
  const { db } = deps;
  const { stallMs, ...exportLimits } = deps.config.eventExports;
  const eventExports = new ExportSlots(exportLimits);
  /** The admin's club and the range asked for; the range is required. */
  const scope = (ctx: AppContext): { clubId: string; range: DateRange } => ({
    clubId: assertAdminOf(sessionUser(ctx), ctx.query.club_id),
    range: requestedRange(ctx, { required: true })!,
  });

  /** The guest list, with what is not yet played by the club's clock. */
  const guestsOf = async (clubId: string, range: DateRange) => {
    const club = await findClub(db, clubId);
    if (!club) throw notFound(adminTexts.clubNotFound);
    return guestList(db, clubId, range, clubNow(club.time_zone, deps.clock()));
  };

  router.get('/guests', async (ctx) => {
    const { clubId, range } = scope(ctx);
    const wanted = format(ctx);
    const list = await guestsOf(clubId, range);
    if (wanted === 'json') ctx.body = list;
    else csv(ctx, exportTexts.fileName('gaeste', range.from, range.to), guestCsv(list));
  });

  router.get('/export/guests.csv', async (ctx) => {
    const { clubId, range } = scope(ctx);
    csv(ctx, exportTexts.fileName('gaeste', range.from, range.to), guestCsv(await guestsOf(clubId, range)));
  });

  router.get('/export/bookings.csv', async (ctx) => {
    const { clubId, range } = scope(ctx);
    const rows = (await occurrencesIn(db, clubId, range)).map(
      ({ date, booking, booker, players }): Cell[] => [
        formatDayDe(date),
        shortWeekdayDe(date),
        formatHour(booking.start_time),
        formatHour(booking.end_time),
        booking.end_time - booking.start_time,
        booking.court_num,
        fullName(booker),
        booking.label ?? '',
        booking.recurring ? exportTexts.yes : exportTexts.no,
        players.map(playerName).join(', '),
      ],
    );
    csv(
      ctx,
      exportTexts.fileName('buchungen', range.from, range.to),
      csvFile([exportTexts.bookingColumns, ...rows]),
    );
  });

  router.get('/export/members.csv', async (ctx) => {
    const { clubId, range } = scope(ctx);
    const [members, occurrences, club] = await Promise.all([
      clubMembers(db, clubId),
      occurrencesIn(db, clubId, range),
      findClub(db, clubId),
    ]);
    if (!club) throw notFound(adminTexts.clubNotFound);
    // The day a member joined, on the club's own calendar (docs/architecture/club-time.md).
    const joined = (at: Date) => wallClockOf(at, club.time_zone).date;
    const hours = new Map<string, number>();
    for (const { booking } of occurrences) {
      hours.set(booking.user_id, (hours.get(booking.user_id) ?? 0) + booking.end_time - booking.start_time);
    }
    const rows = members.map((member): Cell[] => [
      member.last_name ?? '',
      member.first_name ?? '',
      member.email,
      exportTexts.roles[member.role],
      exportTexts.statuses[member.status],
      formatDayDe(joined(member.created_at)),
      hours.get(member.user_id) ?? 0,
    ]);
    csv(
      ctx,
      exportTexts.fileName('mitglieder', range.from, range.to),
      csvFile([exportTexts.memberColumns, ...rows]),
    );
  });

  router.get('/events/export', async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const after = afterPosition(ctx);
    const club: { name: string } | undefined = await db('clubs').where({ id: clubId }).first('name');
    // A reader gone while the club was looked up takes no slot: its answer's end has passed.
    if (ctx.req.socket.destroyed) return;
    const release = eventExports.take(clubId);
    const lines = eventLines(
      db,
      { clubId, ...(after === undefined ? {} : { after }) },
      {
        stallMs,
        // The download stops where its reader stopped; `after` resumes it.
        onStalled: () => {
          ctx.state.logger.info({ clubId, stallMs }, 'event log export ended: its reader took nothing');
          ctx.res.destroy();
        },
      },
    );
    // Reading in pages holds no connection between them; the slot goes back when the answer ends.
    ctx.res.once('close', () => {
      release();
      lines.destroy();
    });
    attach(
      ctx,
      'application/x-ndjson; charset=utf-8',
      exportTexts.eventsFileName(club?.name ?? 'verein'),
      lines,
    );
  });

  const rangeQuery = { ...clubQuery, ...dayRangeQuery(true) };
  const csvAnswer = (description: string) => ({ 200: { description, media: 'csv' as const } });
  return describeRoutes(router, 'Exporte', {
    'GET /api/admin/guests': {
      summary: 'Die Gäste eines Zeitraums mit ihren Gebühren, als JSON oder CSV',
      access: 'admin',
      query: {
        ...rangeQuery,
        format: { description: 'json (Vorgabe) oder csv.', schema: { enum: ['json', 'csv'] } },
      },
      answers: {
        200: {
          description:
            'Die Liste, die Summen je Mitglied und die Gesamtsumme in Cent, jeweils mit dem Teil noch nicht gespielter Stunden (`played`, `upcoming_fee_cents`); mit `format=csv` als Datei.',
          media: ['json', 'csv'],
          schema: object({
            data: listOf({ type: 'object' }),
            totals: listOf({ type: 'object' }),
            total_fee_cents: integer,
            upcoming_fee_cents: integer,
          }),
        },
      },
    },
    'GET /api/admin/export/guests.csv': {
      summary: 'Die Gäste eines Zeitraums als CSV-Datei',
      access: 'admin',
      query: rangeQuery,
      answers: csvAnswer('Die Datei.'),
    },
    'GET /api/admin/export/bookings.csv': {
      summary: 'Die Buchungen eines Zeitraums als CSV-Datei, jede Serie Tag für Tag',
      access: 'admin',
      query: rangeQuery,
      answers: csvAnswer('Die Datei.'),
    },
    'GET /api/admin/export/members.csv': {
      summary: 'Die Mitglieder mit ihren Buchungen eines Zeitraums als CSV-Datei',
      access: 'admin',
      query: rangeQuery,
      answers: csvAnswer('Die Datei.'),
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
    'GET /api/admin/events/export': {
      summary: 'Das ganze Ereignisprotokoll des Vereins als Datei, ein Ereignis je Zeile (NDJSON)',
      access: 'admin',
      query: {
        ...clubQuery,
        after: {
          description: 'Erst nach dieser Position: setzt einen abgebrochenen Download fort.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      answers: { 200: { description: 'Die Datei, gestreamt.', media: 'ndjson' } },
      refusals: { 429: 'Zu viele Exporte gleichzeitig.' },
    },
  });
}
