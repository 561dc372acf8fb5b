/**
 * The treasurer's tab "Kasse" (docs/architecture/money.md, "Die Kasse"): every member's balance,
 * one member's lines, and the form that enters a payment, a credit or a charge by hand. The words
 * a member reads about their own account stay in `accountTexts`; these are the treasurer's.
 */
import type { EntryKind } from './account';

/** A line of an account as the API names its kind (a returned direct debit is the fourth). */
export type LineKind = EntryKind | 'return';

/** One member's balance in the treasurer's list (`GET /api/admin/accounts`). */
export interface MemberBalance {
  user_id: string;
  /** Both null: an erased member's account, whose lines stay (docs/privacy.md). */
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  balance_cents: number;
}

/** One line of a member's account, newest first (`GET /api/admin/accounts/:user_id/entries`). */
export interface AccountLine {
  position: number;
  occurred_at: string;
  kind: LineKind;
  text: string;
  cents: number;
  reservation_id: string | null;
  payment_id: string | null;
}

export interface AccountLedger {
  balance_cents: number;
  data: AccountLine[];
}

/** What the club is owed in all, and what it holds as its members' credit (a positive sum). */
export function balanceSums(balances: readonly Pick<MemberBalance, 'balance_cents'>[]): {
  open: number;
  credit: number;
} {
  let open = 0;
  let credit = 0;
  for (const { balance_cents } of balances) {
    if (balance_cents > 0) open += balance_cents;
    else credit -= balance_cents;
  }
  return { open, credit };
}

/** The members "nur offene" shows: those who owe the club something. */
export const openBalances = <T extends Pick<MemberBalance, 'balance_cents'>>(balances: readonly T[]): T[] =>
  balances.filter((balance) => balance.balance_cents > 0);

export const kasseTexts = {
  tab: 'Kasse',
  intro:
    'Was jedes Mitglied dem Verein schuldet (offen) und was es gut hat (Guthaben). Wählen Sie ein Mitglied, um seine Buchungen zu sehen und eine Zahlung zu erfassen.',
  balancesTitle: 'Kontostände',
  balancesCaption: 'Kontostände der Mitglieder',
  loading: 'Die Kontostände werden geladen …',
  refreshing: 'Die Kontostände werden aktualisiert …',
  download: 'Als Tabelle herunterladen',
  onlyOpen: 'Nur offene',
  name: 'Name',
  email: 'E-Mail',
  noEmail: '–',
  sumOpen: 'Summe offen',
  sumCredit: 'Summe Guthaben',
  noMembers: 'Der Verein hat noch keine Mitglieder.',
  noneOpen: 'Kein Mitglied hat einen offenen Betrag.',
  shown: (count: number): string => (count === 1 ? '1 Mitglied angezeigt' : `${count} Mitglieder angezeigt`),
  memberTitle: (name: string): string => `Konto von ${name}`,
  memberTitleUnnamed: 'Konto des Mitglieds',
  ledgerLoading: 'Das Konto wird geladen …',
  noLines: 'Noch keine Buchungen auf diesem Konto.',
  linesCaption: 'Buchungen, neueste zuerst',
  kind: 'Art',
  kinds: {
    payment: 'Zahlung',
    credit: 'Gutschrift',
    charge: 'Belastung',
    return: 'Rücklastschrift',
  } satisfies Record<LineKind, string>,
  reservationLink: 'Verlauf',
  reservationLinkLabel: (lineText: string): string => `Verlauf der Reservierung: ${lineText}`,
  backToList: 'Zurück zur Liste',
  formTitle: 'Zahlung erfassen',
  kindHint: 'Zahlung und Gutschrift senken den offenen Betrag, eine Belastung erhöht ihn.',
  euros: 'Betrag in Euro',
  eurosHint: 'Mit Komma, z. B. 18,50',
  text: 'Text',
  textHint: 'Steht so auf dem Konto des Mitglieds, z. B. „Überweisung März“.',
  submit: (kind: EntryKind): string => `${kasseTexts.kinds[kind]} erfassen`,
  sending: 'Wird erfasst …',
  newBalance: 'Neuer Kontostand',
} as const;
