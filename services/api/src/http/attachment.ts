/** Files the browser saves rather than shows: the exports' CSV and event log, the treasurer's lists. */
import type { AppContext } from './context';

/** A file the browser saves rather than shows. */
export function attach(ctx: AppContext, type: string, fileName: string, body: unknown): void {
  ctx.type = type;
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** A CSV file (../exports/csv writes it) to save. */
export const attachCsv = (ctx: AppContext, fileName: string, text: string) =>
  attach(ctx, 'text/csv; charset=utf-8', fileName, text);
