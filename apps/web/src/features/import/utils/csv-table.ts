import Papa from 'papaparse';
import type { ColumnMapping } from './column-mapping.ts';

/** A CSV file read in the browser: its header, its records, and the delimiter it used. */
export interface CsvTable {
  header: string[];
  records: string[][];
  delimiter: string;
}

/** Why a CSV file cannot be read or rewritten, for a translated message. */
export type CsvProblem =
  | { kind: 'empty' }
  | { kind: 'unclosedQuote'; row: number }
  /** Records whose number of cells is not the header's (their row numbers, 1 = first after the header). */
  | { kind: 'cellCount'; rows: number[]; expected: number };

export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; problem: CsvProblem };

/**
 * Reads CSV text with Papa Parse (RFC 4180 quoting: commas, quotes and line breaks inside quoted
 * cells; a byte order mark is dropped). The delimiter is detected, so a spreadsheet's `;` file is
 * read too; empty lines are skipped as the server skips them, so row numbers match its report.
 */
export function readCsv(text: string): CsvReadResult {
  const result = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const quote = result.errors.find((error) => error.type === 'Quotes');
  if (quote) return { ok: false, problem: { kind: 'unclosedQuote', row: quote.row ?? 0 } };
  const [header, ...records] = result.data;
  if (!header || header.every((cell) => cell.trim() === '')) return { ok: false, problem: { kind: 'empty' } };
  return { ok: true, table: { header, records, delimiter: result.meta.delimiter } };
}

/** The first record's cell under each column (for the mapping table), empty when there is none. */
export function sampleRow(table: CsvTable): string[] {
  const first = table.records[0] ?? [];
  return table.header.map((_, index) => first[index] ?? '');
}

/** At most this many row numbers are named in a problem; the file is to be fixed anyway. */
const ROWS_NAMED = 5;

/**
 * The file as Karta reads it: the header renamed by `mapping` (left-out columns dropped), comma
 * separated, CRLF lines, cells quoted where they need it. A record whose cell count is not the
 * header's cannot be mapped column by column, so the file is refused naming those rows.
 */
export function rewriteCsv(
  table: CsvTable,
  mapping: ColumnMapping,
): { ok: true; csv: string } | { ok: false; problem: CsvProblem } {
  const expected = table.header.length;
  const uneven: number[] = [];
  table.records.forEach((record, index) => {
    if (record.length !== expected) uneven.push(index + 1);
  });
  if (uneven.length > 0) {
    return { ok: false, problem: { kind: 'cellCount', rows: uneven.slice(0, ROWS_NAMED), expected } };
  }
  const kept = mapping.flatMap((target, index) => (target === null ? [] : [{ target, index }]));
  const csv = Papa.unparse(
    {
      fields: kept.map((column) => column.target),
      data: table.records.map((record) => kept.map((column) => record[column.index] ?? '')),
    },
    // Export's `'` before formula-like text is kept as it is: the server takes it off.
    { newline: '\r\n', escapeFormulae: false },
  );
  return { ok: true, csv: `${csv}\r\n` };
}
