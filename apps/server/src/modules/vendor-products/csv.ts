/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields in double quotes when they hold a comma, a quote
 * (doubled inside) or a line break; lines end in CRLF or LF; Excel's "CSV UTF-8" starts with a byte-order mark.
 * Small and strict where it matters (an unclosed quote is an error, never a silently swallowed file) and lenient
 * where spreadsheets are sloppy (a stray quote inside an unquoted field is kept as text).
 */

export class CsvError extends Error {
  constructor(
    /** The record (spreadsheet row, 1-based) where the problem starts. */
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * The records of `text`, each a list of fields. Record i is spreadsheet row i + 1 (a field's line breaks stay in
 * the field, as a spreadsheet keeps them in its cell); an empty line is a record of one empty field, so rows keep
 * their numbers. A line break at the very end ends the last record and makes none. Throws CsvError(row,
 * `unclosedMessage`) when a quoted field never closes.
 */
export function parseCsv(text: string, unclosedMessage = 'A quoted field is not closed'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** Where the open quote of a quoted field started, for the error. */
  let quoteRow = 0;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      // Copy up to the next quote at once: long descriptions would otherwise be built a character at a time.
      const next = text.indexOf('"', i);
      const end = next === -1 ? n : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteRow = records.length + 1;
      i++;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new CsvError(quoteRow, unclosedMessage);
  if (field !== '' || record.length) endRecord();
  return records;
}

/** A field as CSV: quoted when it holds a comma, a quote, a line break or edge spaces (which some readers trim). */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV text, CRLF line ends (RFC 4180, and what Excel writes), with a final line break. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
