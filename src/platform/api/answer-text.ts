// What a server sent, made safe to show in one line of a terminal. Error bodies are whatever the
// gateway in front sends (HTML pages, plain text, binary), and any string of an answer may carry
// escape sequences: markup is stripped, entities decoded, control sequences and characters removed
// (src/common/terminal/clean-text.ts, the CLI's one rule) with the invisible and direction-changing
// ones, whitespace collapsed, and the result clipped. Only a bounded head of the body is looked at,
// so a megabyte page costs no more than a short one.
import { cleanLine } from '../../common/terminal/clean-text.js';

/** How much of a body an excerpt looks at. */
const LOOKED_AT = 16 * 1024;

// Characters a terminal shows nothing for, or that turn the text around it (zero-width, bidirectional
// controls, the byte-order mark): cleanLine leaves them, and a server's text could hide behind them.
const INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

/** `text` on one line with nothing a terminal would act on, clipped to `max` characters (… marks a cut). */
export function safeLine(text: string, max: number): string {
  const flat = cleanLine(text.slice(0, LOOKED_AT)).replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Whether `bytes` look like binary data rather than text. */
function isBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024);
  if (head.includes(0)) return true;
  let odd = 0;
  for (const byte of head) if (byte < 9 || (byte > 13 && byte < 32)) odd += 1;
  return odd > head.length / 10;
}

const tagsOut = (text: string) => text.replace(/<[^>]*(>|$)/g, ' ');

/**
 * Markup out of an HTML or XML page: comments, scripts and styles whole, then every tag. The head
 * goes too (its title is usually the body's heading again), unless the body says nothing.
 */
function withoutMarkup(text: string): string {
  const page = text.replace(/<!--[\s\S]*?(-->|$)/g, ' ').replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, ' ');
  const head = /<head\b[\s\S]*?<\/head\s*>/i.exec(page);
  if (!head) return tagsOut(page);
  const body = tagsOut(page.replace(head[0], ' '));
  return body.trim() === '' ? tagsOut(head[0]) : body;
}

/**
 * A clipped, tag-free excerpt of a body, for a message: `(no body)` when empty, `(binary data,
 * 2 KiB)` for bytes that are not text.
 */
export function excerpt(body: Buffer | string, max = 200): string {
  const bytes = typeof body === 'string' ? Buffer.from(body.slice(0, LOOKED_AT)) : body;
  if (bytes.length === 0) return '(no body)';
  if (isBinary(bytes)) return `(binary data, ${bytes.length} bytes)`;
  const text = bytes.subarray(0, LOOKED_AT).toString('utf8');
  const plain = safeLine(decodeEntities(withoutMarkup(text)), max);
  return plain === '' ? '(no text in the body)' : plain;
}
