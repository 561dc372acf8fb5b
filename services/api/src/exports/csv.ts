/**
 * The one CSV writer of the exports (docs/architecture/exports.md): what opens right in Excel
 * and LibreOffice with German settings. csv-stringify does the quoting (a field with `;`, a quote
 * or a line break is quoted, quotes doubled); here are the choices around it: UTF-8 with a byte
 * order mark (without it Excel reads the umlauts as Windows-1252), `;` between fields (Excel's
 * separator where the comma is the decimal mark), CRLF line ends.
 */
import { stringify } from 'csv-stringify/sync';

export type Cell = string | number;

/**
 * A text a member typed (a name, a label) that starts like a formula is prefixed with `'`, which
 * spreadsheets show as text: `=HYPERLINK(…)` in a name must not run on the treasurer's machine.
 */
function inert(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A whole CSV file: the header line, then the rows; more blocks (a heading and a table) may follow. */
export function csvFile(...blocks: (readonly (readonly Cell[])[])[]): string {
  const lines = blocks.flatMap((block, index) => (index === 0 ? block : [[], ...block]));
  return stringify(
    lines.map((line) => line.map(inert)),
    { bom: true, delimiter: ';', record_delimiter: 'windows' },
  );
}
