/**
 * SEPA direct debit (docs/architecture/money.md, "SEPA direct debit"): the member's mandate in
 * Konto; the treasurer's collections, their files for the bank and returned debits. IBANs are
 * never logged and never echoed in a refusal.
 */
import Router from '@koa/router';
import {
  mandateErrors,
  sepaCollectionSchema,
  sepaMandateSchema,
  sepaReturnSchema,
  type SepaCollectionBody,
  type SepaMandateBody,
  type SepaReturnBody,
} from '@platzbuchung/domain/money/sepa/schemas';
import { toCents } from '@platzbuchung/domain/cents';
import { mandateText, SEPA_PRE_NOTIFICATION_DAYS, sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { AppDeps } from '../deps';
import {
  assertAdminOf,
  ownClubFromQuery,
  requireActiveMember,
  requireLogin,
  sessionUser,
} from '../http/auth';
import { attach } from '../http/attachment';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { returnPaymentCommand } from '../commands/money';
import { isUuid } from '../http/validate';
import { collect, collectionOf, debitOf } from '../sepa/collections';
import { pain008 } from '../sepa/pain008';
import type { AppState } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import { validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, id, integer, isoDate, message, object, orNull, text } from '../http/answer-schemas';
import { findClubSettings } from '../accounts/users-store';
import { activeMandate, giveMandate, revokeMandate } from '../sepa/mandates';

const validateMandate = validator<SepaMandateBody>(sepaMandateSchema);
const validateCollection = validator<SepaCollectionBody>(sepaCollectionSchema);
const validateReturn = validator<SepaReturnBody>(sepaReturnSchema);

const collectionAnswer = message({ id, created: { type: 'boolean' }, count: integer, total_cents: integer });

const shownMandate = object({ reference: text, account_holder: text, iban_masked: text, signed_on: isoDate });

export function sepaRoutes(deps: AppDeps): Router<AppState> {
  const { db } = deps;
  const router = new Router<AppState>({ prefix: '/api' });

  /** The club's creditor data members need, or null when the club collects no direct debits. */
  async function payeeOf(clubId: string) {
    const settings = await findClubSettings(db, clubId);
    if (!settings) throw notFound(sepaTexts.noDirectDebit);
    return { settings, creditor: settings.sepa };
  }

  router.get('/account/sepa-mandate', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    const { creditor } = await payeeOf(clubId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      creditor: creditor && { creditor_name: creditor.creditor_name, creditor_id: creditor.creditor_id },
      mandate_text: creditor && mandateText(creditor),
      pre_notification_days: SEPA_PRE_NOTIFICATION_DAYS,
      mandate: await activeMandate(db, clubId, user._id),
    };
  });

  router.put('/account/sepa-mandate', requireActiveMember(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    const body = validateMandate(ctx.request.body);
    const fieldErrors = mandateErrors(body);
    if (fieldErrors.length) throw badRequest(fieldErrors);
    const { settings, creditor } = await payeeOf(clubId);
    if (!creditor) throw conflict(sepaTexts.noDirectDebit);
    const mandate = await giveMandate(
      db,
      { clubId, userId: user._id, timeZone: settings.time_zone, creditor },
      body,
      deps.clock(),
    );
    ctx.state.logger.info({ userId: user._id }, 'sepa mandate given');
    ctx.body = { message: sepaTexts.given, mandate };
  });

  router.delete('/account/sepa-mandate', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    if (!(await revokeMandate(db, clubId, user._id, deps.clock()))) throw notFound(sepaTexts.mandateNotFound);
    ctx.state.logger.info({ userId: user._id }, 'sepa mandate revoked');
    ctx.body = { message: sepaTexts.revoked };
  });

  const clock = commandClock(deps);

  /**
   * Collects every positive balance that has a mandate on `collection_date`; the same day asked
   * again answers the first collection (200) and collects nothing.
   */
  router.post('/admin/sepa/collections', requireLogin(db), async (ctx) => {
    const admin = sessionUser(ctx);
    const clubId = assertAdminOf(admin, ctx.query.club_id);
    const body = validateCollection(ctx.request.body);
    const outcome = await collect(db, {
      clubId,
      collectionDate: body.collection_date,
      actor: { user_id: admin._id, role: admin.role },
      now: deps.clock(),
    });
    ctx.state.logger.info({ collectionId: outcome.id, debits: outcome.count }, 'sepa collection');
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = {
      message: outcome.created
        ? sepaTexts.collected(outcome.count, outcome.total_cents)
        : sepaTexts.alreadyCollected,
      ...outcome,
    };
  });

  /** The collection's pain.008.001.08 file for the bank, made again from its rows. */
  router.get('/admin/sepa/collections/:id.xml', requireLogin(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const collectionId = ctx.params.id;
    const collection = isUuid(collectionId) ? await collectionOf(db, clubId, collectionId) : undefined;
    // Erasing its members may have left a collection without a debit: then there is no file.
    if (!collection || collection.debits.length === 0) throw notFound(sepaTexts.collectionNotFound);
    attach(
      ctx,
      'application/xml; charset=utf-8',
      `lastschrift-${collection.collection_date}.xml`,
      pain008(collection),
    );
  });

  /** A debit the member's bank sent back: its amount and the bank's fee are owed again (PaymentReturned). */
  router.post('/admin/sepa/returns', requireLogin(db), async (ctx) => {
    const admin = sessionUser(ctx);
    const clubId = assertAdminOf(admin, ctx.query.club_id);
    const body = validateReturn(ctx.request.body);
    const debit = await debitOf(db, clubId, body.payment_id);
    if (!debit) throw notFound(sepaTexts.paymentNotFound);
    const command = {
      type: 'ReturnPayment',
      account_id: debit.user_id,
      payment_id: body.payment_id,
      fee_cents: toCents(body.fee_cents),
      actor: { user_id: admin._id, role: admin.role },
    } as const;
    eventsOrThrow(await handleCommand(db, clubId, returnPaymentCommand, command, clock()));
    ctx.status = 201;
    ctx.body = { message: sepaTexts.returnRecorded };
  });

  return describeRoutes(router, 'Lastschrift (SEPA)', {
    'GET /api/account/sepa-mandate': {
      summary: 'Das eigene Lastschriftmandat und der Mandatstext des Vereins',
      access: 'login',
      query: clubQuery,
      answers: {
        200: {
          description:
            'Der Zahlungsempfänger (null: der Verein zieht keine Lastschriften ein), der Mandatstext, der vor der Zustimmung gezeigt wird, die Tage der Vorabankündigung und das erteilte Mandat (IBAN bis auf die letzten 4 Zeichen verdeckt) oder null.',
          schema: object({
            creditor: orNull(object({ creditor_name: text, creditor_id: text })),
            mandate_text: orNull(text),
            pre_notification_days: integer,
            mandate: orNull(shownMandate),
          }),
        },
      },
    },
    'PUT /api/account/sepa-mandate': {
      summary: 'Ein Lastschriftmandat erteilen (ersetzt ein bisheriges)',
      description:
        'Kontoinhaber, IBAN (Prüfziffern geprüft) und die Zustimmung zum gezeigten Mandatstext; Mandatsreferenz und Datum vergibt der Server.',
      access: 'member',
      query: clubQuery,
      body: sepaMandateSchema,
      answers: { 200: { description: 'Das erteilte Mandat.', schema: message({ mandate: shownMandate }) } },
      refusals: { 409: sepaTexts.noDirectDebit },
    },
    'DELETE /api/account/sepa-mandate': {
      summary: 'Das eigene Lastschriftmandat widerrufen',
      access: 'login',
      query: clubQuery,
      answers: { 200: { description: 'Widerrufen.', schema: message() } },
      refusals: { 404: sepaTexts.mandateNotFound },
    },
    'POST /api/admin/sepa/collections': {
      summary: 'Einen Lastschrift-Einzug erstellen: jeder offene Betrag mit Mandat, einmal je Tag',
      description: `Erfasst je Mitglied mit positivem Kontostand und Mandat eine Zahlung (PaymentRecorded) und die Lastschrift der Datei; die Mitglieder werden per E-Mail vorab benachrichtigt. Der Tag liegt mindestens ${SEPA_PRE_NOTIFICATION_DAYS} Tage nach heute. Ein zweiter Aufruf für denselben Tag zieht nichts ein und nennt den ersten Einzug.`,
      access: 'admin',
      query: clubQuery,
      body: sepaCollectionSchema,
      answers: {
        201: { description: 'Erstellt: seine Id, Anzahl und Summe.', schema: collectionAnswer },
        200: {
          description: 'Für diesen Tag gab es schon einen Einzug; er wird genannt.',
          schema: collectionAnswer,
        },
      },
      refusals: { 409: `${sepaTexts.noCreditor} / ${sepaTexts.nothingToCollect}` },
    },
    'GET /api/admin/sepa/collections/:id.xml': {
      summary: 'Die Lastschriftdatei eines Einzugs (pain.008.001.08) für die Bank',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Die Datei (ISO 20022 pain.008.001.08, SEPA Core).', media: 'xml' } },
      refusals: { 404: sepaTexts.collectionNotFound },
    },
    'POST /api/admin/sepa/returns': {
      summary: 'Eine Rücklastschrift erfassen: Betrag und Bankgebühr stehen wieder offen',
      access: 'admin',
      query: clubQuery,
      body: sepaReturnSchema,
      answers: { 201: { description: 'Erfasst (PaymentReturned).', schema: message() } },
      refusals: { 404: sepaTexts.paymentNotFound, 409: 'Diese Zahlung wurde bereits zurückgebucht.' },
    },
  });
}
