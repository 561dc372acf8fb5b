/**
 * Money (docs/architecture/money.md): a member reads their own account ("Mein Konto"); the club's
 * treasurer (an admin) reads every balance, as JSON or as a spreadsheet, one member's lines, and
 * enters a payment, a credit or a charge by hand, once per idempotency key.
 */
import Router from '@koa/router';
import { v5 } from 'uuid';
import { toCents } from '@platzbuchung/domain/cents';
import { accountTexts } from '@platzbuchung/domain/money/account';
import { accountEntrySchema, type AccountEntryBody } from '@platzbuchung/domain/money/schemas';
import { clubNow } from '@platzbuchung/domain/club-time';
import { euroAmount } from '@platzbuchung/domain/cents';
import type { AppDeps } from '../deps';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { recordEntryCommand } from '../commands/money';
import {
  assertAdminOf,
  ownClubFromQuery,
  requireActiveMember,
  requireLogin,
  sessionUser,
} from '../http/auth';
import type { AppState } from '../http/context';
import { notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, id, integer, listOf, message, object, orNull, text } from '../http/answer-schemas';
import { attachCsv } from '../http/attachment';
import { csvFile } from '../exports/csv';
import { findClub } from '../accounts/users-store';
import { clubBalances, ledgerOf } from '../money/ledger';

const validateEntry = validator<AccountEntryBody>(accountEntrySchema);

/** The namespace of entry ids made from keys: the same member and key name the same entry. */
const ENTRY_IDS = '8a0c5d2e-3f41-4b6a-9c7d-1e2f3a4b5c6d';

export function moneyRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = commandClock(deps);

  router.get('/account/ledger', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    ctx.body = await ledgerOf(deps.db, clubId, user._id);
  });

  router.get('/admin/accounts', requireLogin(deps.db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const balances = await clubBalances(deps.db, clubId);
    if (ctx.query.format !== 'csv') {
      ctx.body = { data: balances };
      return;
    }
    const club = await findClub(deps.db, clubId);
    const today = clubNow(club?.time_zone ?? 'Europe/Berlin', deps.clock()).date;
    attachCsv(
      ctx,
      accountTexts.balancesFileName(today),
      csvFile([
        accountTexts.balancesColumns,
        ...balances.map((b) => [
          b.last_name ?? '',
          b.first_name ?? '',
          b.email ?? '',
          euroAmount(b.balance_cents),
        ]),
      ]),
    );
  });

  /** The member of this club named in the path, or 404: no treasurer reads another club's member. */
  async function memberOfClub(clubId: string, userId: string | undefined): Promise<string> {
    if (!isUuid(userId)) throw notFound(accountTexts.unknownMember);
    const known = await deps.db('users').where({ id: userId, club_id: clubId }).first('id');
    const lines = known
      ? undefined
      : await deps.db('account_balances').where({ user_id: userId, club_id: clubId }).first('user_id');
    if (!known && !lines) throw notFound(accountTexts.unknownMember);
    return userId;
  }

  router.get('/admin/accounts/:user_id/entries', requireLogin(deps.db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const userId = await memberOfClub(clubId, ctx.params.user_id);
    ctx.body = await ledgerOf(deps.db, clubId, userId);
  });

  router.post('/admin/accounts/:user_id/entries', requireLogin(deps.db), async (ctx) => {
    const admin = sessionUser(ctx);
    const clubId = assertAdminOf(admin, ctx.query.club_id);
    const body = validateEntry(ctx.request.body);
    const userId = await memberOfClub(clubId, ctx.params.user_id);
    const entryId = v5(`${clubId}\n${userId}\n${body.idempotency_key}`, ENTRY_IDS);
    const command = {
      type: 'RecordEntry',
      account_id: userId,
      entry_id: entryId,
      kind: body.kind,
      cents: toCents(body.cents),
      text: body.text,
      actor: { user_id: admin._id, role: admin.role },
      payment_id: entryId,
      method: 'manual',
    } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, recordEntryCommand, command, clock()));
    ctx.status = 201;
    ctx.body = {
      message: accountTexts.entryRecorded[body.kind],
      ...(await ledgerOf(deps.db, clubId, userId)),
    };
  });

  const line = object({
    position: integer,
    occurred_at: text,
    kind: { enum: ['charge', 'credit', 'payment', 'return'] },
    text,
    cents: integer,
    reservation_id: orNull(id),
    payment_id: orNull(id),
  });
  const ledger = object({ balance_cents: integer, data: listOf(line) });
  const balance = object({
    user_id: id,
    first_name: orNull(text),
    last_name: orNull(text),
    email: orNull(text),
    balance_cents: integer,
  });
  return describeRoutes(router, 'Geld', {
    'GET /api/account/ledger': {
      summary:
        'Das eigene Konto: Kontostand und Buchungen, neueste zuerst (positiv: offen, negativ: Guthaben)',
      access: 'member',
      query: clubQuery,
      answers: { 200: { description: 'Das Konto.', schema: ledger } },
    },
    'GET /api/admin/accounts': {
      summary: 'Die Kontostände aller Mitglieder, als JSON oder CSV',
      access: 'admin',
      query: {
        ...clubQuery,
        format: { description: 'json (Vorgabe) oder csv.', schema: { enum: ['json', 'csv'] } },
      },
      answers: {
        200: {
          description: 'Je Mitglied der Kontostand in Cent (positiv: offen); mit `format=csv` als Datei.',
          media: ['json', 'csv'],
          schema: object({ data: listOf(balance) }),
        },
      },
    },
    'GET /api/admin/accounts/:user_id/entries': {
      summary: 'Das Konto eines Mitglieds: Kontostand und Buchungen',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Das Konto.', schema: ledger } },
      refusals: { 404: 'Dieses Mitglied gibt es im Verein nicht.' },
    },
    'POST /api/admin/accounts/:user_id/entries': {
      summary: 'Eine Zahlung, Gutschrift oder Belastung erfassen (derselbe Schlüssel erfasst einmal)',
      access: 'admin',
      query: clubQuery,
      body: accountEntrySchema,
      answers: { 201: { description: 'Erfasst; das Konto danach.', schema: message(ledger.properties) } },
      refusals: { 404: 'Dieses Mitglied gibt es im Verein nicht.' },
    },
  });
}
