/**
 * A small RFC 5545 writer: content lines, text escaping and line folding. Written here rather than through
 * ical.js's components because ical.js folds continuation lines to 76 octets (a space plus 75; RFC 5545 §3.1
 * allows 75 in all) and building a component tree per event is several times slower for a feed of 10,000
 * tasks. The feed's test parses what this writes with ical.js.
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** A TEXT value escaped (§3.3.11): backslash, semicolon, comma, and newlines as `\n`. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters are not allowed in a TEXT value (§3.3.11's TSAFE-CHAR); they carry no meaning.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Octets a code point takes in UTF-8. */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * One content line folded (§3.1): at most 75 octets per physical line, continuation lines starting with a
 * space that counts among them, never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  // Most lines are ASCII, one octet a character: cut by length, without walking them.
  if (!/[^ -~]/.test(line)) {
    if (line.length <= MAX_LINE_OCTETS) return line;
    const pieces = [line.slice(0, MAX_LINE_OCTETS)];
    for (let at = MAX_LINE_OCTETS; at < line.length; at += MAX_LINE_OCTETS - 1)
      pieces.push(line.slice(at, at + MAX_LINE_OCTETS - 1));
    return pieces.join(`${CRLF} `);
  }
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
      // The leading space of a continuation line is one of its 75 octets.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** Collects content lines and answers them as one CRLF-terminated calendar text. */
export class IcsLines {
  private readonly lines: string[] = [];

  /** A property with already-formatted value and parameters: `NAME;PARAM=x:value`. */
  raw(name: string, value: string, parameters = ''): this {
    this.lines.push(foldLine(`${name}${parameters}:${value}`));
    return this;
  }

  /** A TEXT property, escaped. */
  text(name: string, value: string): this {
    return this.raw(name, escapeText(value));
  }

  toString(): string {
    return this.lines.length === 0 ? '' : this.lines.join(CRLF) + CRLF;
  }
}

/** An instant as a UTC DATE-TIME, `20261122T090000Z`. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A `YYYY-MM-DD` day as a DATE, `20261122`. */
export function dateValue(day: string): string {
  return day.replaceAll('-', '');
}

/** A `YYYY-MM-DD` day and `HH:MM` time as a local DATE-TIME, `20261122T090000`. */
export function localDateTime(day: string, time: string): string {
  return `${dateValue(day)}T${time.replace(':', '')}00`;
}

/**
 * A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; double quotes and control characters, which
 * no parameter value may hold, are dropped.
 */
export function parameterValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}
