// A small RFC 4180 CSV parser: comma-separated fields, fields optionally wrapped in double
// quotes, `""` inside a quoted field for one `"`, commas and line breaks allowed inside quotes,
// records ended by CRLF or LF (a lone CR is accepted too). A leading UTF-8 BOM is ignored.
// Shared by the EPA catalogue builder and the dealer feed importer.

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

/**
 * Parses CSV text into rows of raw string fields. Blank lines (a record with one empty field)
 * are skipped. Throws CsvError on a quote that is never closed or on text after a closing quote.
 */
export function parseCsv(text: string, options: CsvOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ",";
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === "\n" || delimiter === "\r") {
    throw new Error(`Invalid CSV delimiter: ${JSON.stringify(delimiter)}`);
  }
  const delim = delimiter.charCodeAt(0);
  const QUOTE = 34;
  const LF = 10;
  const CR = 13;

  const rows: string[][] = [];
  let row: string[] = [];
  const len = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  const endRow = () => {
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    row = [];
  };

  // Each iteration reads one field starting at i.
  while (i < len) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      const startLine = line;
      let value = "";
      let segStart = i + 1;
      let j = segStart;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q === -1) throw new CsvError("Unterminated quoted field", startLine);
        // Count line breaks inside the quoted text for error messages.
        for (let k = j; k < q; k++) if (text.charCodeAt(k) === LF) line++;
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += text.slice(segStart, q + 1);
          j = q + 2;
          segStart = j;
          continue;
        }
        value += text.slice(segStart, q);
        i = q + 1;
        break;
      }
      field = value;
      const c = i < len ? text.charCodeAt(i) : -1;
      if (c !== -1 && c !== delim && c !== LF && c !== CR) {
        throw new CsvError("Unexpected character after closing quote", line);
      }
    } else {
      let j = i;
      while (j < len) {
        const c = text.charCodeAt(j);
        if (c === delim || c === LF || c === CR) break;
        j++;
      }
      field = text.slice(i, j);
      i = j;
    }
    row.push(field);

    if (i >= len) {
      endRow();
      break;
    }
    const c = text.charCodeAt(i);
    if (c === delim) {
      i++;
      if (i >= len) {
        // Trailing delimiter at end of input: one more empty field.
        row.push("");
        endRow();
      }
    } else {
      // CR, LF or CRLF ends the record.
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      endRow();
    }
  }
  return rows;
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
