/**
 * SEPA direct debit (docs/architecture/money.md, "SEPA direct debit"): the member's mandate in
 * Konto. IBANs are never logged and never echoed in a refusal.
 */
import Router from '@koa/router';
import {
  mandateErrors,
  sepaMandateSchema,
  type SepaMandateBody,
} from '@platzbuchung/domain/money/sepa/schemas';
import { mandateText, SEPA_PRE_NOTIFICATION_DAYS, sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { AppDeps } from '../deps';
import { ownClubFromQuery, requireActiveMember, requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import { validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, integer, isoDate, message, object, orNull, text } from '../http/answer-schemas';
import { findClubSettings } from '../accounts/users-store';
import { activeMandate, giveMandate, revokeMandate } from '../sepa/mandates';

const validateMandate = validator<SepaMandateBody>(sepaMandateSchema);

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
  });
}
