/**
 * Money in the whole product (docs/architecture/money.md): an amount is a whole number of cents,
 * never a float. `Cents` is a number the type checker tells apart from other numbers, made only by
 * `toCents`, which refuses a fraction of a cent; sums of cents stay exact, and the one division
 * money needs (sharing a fee) is written here once, on integers. Kernel only: imports nothing.
 */

declare const centsBrand: unique symbol;

/** An amount of money in whole cents; negative for a credit. */
export type Cents = number & { readonly [centsBrand]: true };

/** The amount as Cents; a fraction of a cent, a float or NaN is a programming error and throws. */
export function toCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Kein Betrag in ganzen Cent: ${value}`);
  return value as Cents;
}

export const ZERO_CENTS = toCents(0);

/** The exact sum of amounts. */
export const sumCents = (amounts: Iterable<number>): Cents => {
  let sum = 0;
  for (const amount of amounts) sum += toCents(amount);
  return toCents(sum);
};

/**
 * `total` shared by `parts` people as equally as whole cents allow: everyone gets the same share,
 * and the first (the booker) also takes the remainder, so the shares add up to the total exactly.
 * 10,00 € by 3 is 3,34 € + 3,33 € + 3,33 €.
 */
export function splitCents(total: Cents, parts: number): Cents[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Keine Anzahl von Teilen: ${parts}`);
  const remainder = total % parts;
  const share = (total - remainder) / parts;
  return Array.from({ length: parts }, (_, index) => toCents(index === 0 ? share + remainder : share));
}

/**
 * "1.234,50", "-3,00": an amount as German spreadsheets and screens write euros, from its cents by
 * digits (no float); the exports write it without the sign, so Excel reads it as a number.
 */
export function euroAmount(cents: number): string {
  const amount = toCents(cents);
  const digits = String(Math.abs(amount)).padStart(3, '0');
  const euros = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${euros},${digits.slice(-2)}`;
}

/**
 * "21,00 €", "1.234,50 €", "-3,00 €": every amount anyone reads, with a non-breaking space before
 * the sign (as Intl writes it), so "€" never starts a line of its own.
 */
export const formatEuros = (cents: number): string => `${euroAmount(cents)}\u00a0€`;

/**
 * Euros as a person types them ("5", "5,5", "5,00", "5.00", "18,50 €") in cents, read digit by
 * digit, never through a float; anything else comes back as the text, trimmed, for the schema to
 * refuse in German.
 */
export function centsOf(text: string): number | string {
  const match = /^(\d{1,6})(?:[,.](\d{1,2}))?$/.exec(text.trim().replace(/\s*€$/, ''));
  if (!match) return text.trim();
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
