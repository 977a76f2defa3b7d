// CSV in and out: RFC 4180 (comma-separated fields, optionally wrapped in double quotes, `""`
// inside a quoted field for one `"`, commas and line breaks allowed inside quotes, records ended
// by CRLF, LF or a lone CR, a leading UTF-8 BOM ignored). Reading is csv-parse's (ADR 029).
// Shared by the EPA catalogue builder, the dealer feed importer and the safety-ratings import.
import { parse, CsvError as ParseError } from "csv-parse/sync";

export interface CsvOptions {
  /** Field delimiter, one character. Default ",". */
  delimiter?: string;
}

export class CsvError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(`${message} (line ${line})`);
    this.name = "CsvError";
    this.line = line;
  }
}

const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "Unterminated quoted field",
  CSV_INVALID_CLOSING_QUOTE: "Unexpected character after closing quote",
};

/**
 * Parses CSV text into rows of raw string fields. Blank lines (a record with one empty field)
 * are skipped; rows may differ in length. Throws CsvError on a quote that is never closed or on
 * text after a closing quote.
 */
export function parseCsv(text: string, options: CsvOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ",";
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === "\n" || delimiter === "\r") {
    throw new Error(`Invalid CSV delimiter: ${JSON.stringify(delimiter)}`);
  }
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, delimiter, relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];
  } catch (e) {
    if (e instanceof ParseError) throw new CsvError(MESSAGES[e.code] ?? e.message, Number((e as { lines?: number }).lines ?? 0));
    throw e;
  }
  return rows.filter((row) => !(row.length === 1 && row[0] === ""));
}

/**
 * Parses CSV text whose first row is a header into one object per record, keyed by the header
 * names (trimmed). Missing trailing fields become "", extra fields are ignored.
 */
export function parseCsvObjects(text: string, options: CsvOptions = {}): Record<string, string>[] {
  const rows = parseCsv(text, options);
  const header = rows[0];
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  const out: Record<string, string>[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    const obj: Record<string, string> = {};
    for (let c = 0; c < keys.length; c++) obj[keys[c]!] = row[c] ?? "";
    out.push(obj);
  }
  return out;
}

/** Quotes one value for CSV output when it needs it (delimiter, quote, CR or LF). */
export function formatCsvField(value: string | number | null | undefined, delimiter = ","): string {
  if (value === null || value === undefined) return "";
  const s = String(value);
  if (s.includes('"') || s.includes(delimiter) || s.includes("\n") || s.includes("\r")) {
    return `"${s.replaceAll('"', '""')}"`;
  }
  return s;
}

/** Formats rows as RFC 4180 CSV text (CRLF line endings). */
export function formatCsv(rows: readonly (readonly (string | number | null | undefined)[])[], delimiter = ","): string {
  return rows.map((r) => r.map((v) => formatCsvField(v, delimiter)).join(delimiter)).join("\r\n") + (rows.length ? "\r\n" : "");
}
