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
