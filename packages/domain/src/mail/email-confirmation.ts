/**
 * The German words of confirming an address (docs/architecture/mail.md, "Confirmed addresses"): the
 * mail with the link, the API's answers and the account panel's notice.
 */
import { jsonObjectBody } from '../shapes';
import * as texts from '../texts';
import { CONFIRMATION_LINK_TTL_HOURS } from './held-notices';

export const confirmationTexts = {
  mailSubject: `Bitte bestätigen Sie Ihre E-Mail-Adresse bei ${texts.productName}`,
  mailIntro: `Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört. Erst dann schickt ${texts.productName} Ihnen Benachrichtigungen, etwa wenn jemand Ihre Buchung absagt:`,
  mailButton: 'E-Mail-Adresse bestätigen',
  mailValidity: `Der Link ist ${CONFIRMATION_LINK_TTL_HOURS} Stunden lang gültig. Einen neuen erhalten Sie jederzeit unter „Mein Konto“.`,
  mailIgnore:
    'Falls Sie sich nicht angemeldet haben, können Sie diese E-Mail ignorieren. Sie erhalten dann keine weiteren Nachrichten.',
  confirmed: 'Ihre E-Mail-Adresse ist bestätigt.',
  linkInvalid:
    'Dieser Bestätigungslink ist ungültig oder abgelaufen. Unter „Mein Konto“ können Sie einen neuen anfordern.',
  linkSent: 'Wir haben Ihnen einen neuen Bestätigungslink geschickt.',
  alreadyConfirmed: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  notYetConfirmed:
    'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bis dahin erhalten Sie keine Benachrichtigungen.',
  sendAgain: 'Bestätigungslink erneut senden',
  confirming: 'Ihre E-Mail-Adresse wird bestätigt …',
} as const;

/** The token of a mailed confirmation link (docs/architecture/mail.md, "Confirmed addresses"). */
export const confirmEmailSchema = {
  $id: 'confirmEmail',
  type: 'object',
  properties: {
    token: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{43}$',
      errorMessage: confirmationTexts.linkInvalid,
    },
  },
  required: ['token'],
  additionalProperties: false,
  errorMessage: { ...jsonObjectBody.errorMessage, required: confirmationTexts.linkInvalid },
} as const;

export interface ConfirmEmailBody {
  token: string;
}
