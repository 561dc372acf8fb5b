/**
 * A whole number as German screens write it: "5.000", "-12.345". Written out rather than with
 * `toLocaleString('de-DE')`: the schemas build a message with one as they load, on every first
 * visit of every screen, and a page's first German number format makes the browser load the
 * locale's data, which took about a tenth of a throttled first visit's main-thread time
 * (bench/README.md, "browser").
 */
export function germanInteger(value: number): string {
  const digits = Math.abs(Math.round(value)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, '.');
  return value <= -0.5 ? `-${grouped}` : grouped;
}

/** An amount in cents as German spreadsheets and screens write euros: "12,50", "1.005,00". */
export function germanEuros(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(Math.round(cents)) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${germanInteger(whole)},${rest}`;
}
