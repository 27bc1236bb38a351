// Reads the text of a client's file the way clients write it: `//` and `/* */` comments, trailing
// commas, a UTF-8 byte-order mark, CRLF line ends (Droid's settings.json starts with comment lines).
// jsonc-parser parses. Written here is only what it does not do: drop the byte-order mark, report
// which non-JSON features the text uses (a lint warns when the client does not accept them), turn
// its error codes into one located sentence, bound the nesting depth (its parser recurses, and
// `[[[[…` ten thousand deep overflows the stack, so depth is counted first by its iterative scanner),
// and refuse a `"__proto__"` key (see scanFeatures).
import { createScanner, parse, printParseErrorCode, SyntaxKind, type ParseError } from 'jsonc-parser';

/** The parsed text, or one located error. `data` is undefined for a text with no value (empty, blanks, comments). */
export type ParsedJsonText =
  { ok: true; data: unknown; bom: boolean; comments: boolean; trailingCommas: boolean } | { ok: false; error: string };

/** Deeper than any settings file; shallow enough for the parser's recursion on a default stack. */
export const MAX_DEPTH = 512;

const BOM = '\uFEFF';

/** jsonc-parser's error names, as a sentence; a name missing here is split into words. */
const READABLE: Record<string, string> = {
  InvalidNumberFormat: 'not a valid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon',
  CommaExpected: 'expected a comma',
  CloseBraceExpected: 'expected a closing }',
  CloseBracketExpected: 'expected a closing ]',
  EndOfFileExpected: 'expected the end of the file after the value',
  UnexpectedEndOfComment: 'a /* comment is never closed with */',
  UnexpectedEndOfString: 'a string is never closed with "',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'a \\u escape needs four hex digits',
  InvalidEscapeCharacter: 'an unknown escape after \\ in a string',
  InvalidCharacter: 'a control character in a string (write it as an escape such as \\n)',
};

/** `line L column C` of `offset` in `text` (both counted from 1, columns in UTF-16 units). */
function locate(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return `line ${line} column ${offset - lineStart + 1}`;
}

function describe(text: string, error: ParseError): string {
  const name = printParseErrorCode(error.error);
  if (name === 'InvalidSymbol' || name === 'InvalidCommentToken') {
    const found = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 24)));
    return `unexpected ${JSON.stringify(found)}${error.length > 24 ? '…' : ''}`;
  }
  return READABLE[name] ?? name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

interface Features {
  comments: boolean;
  trailingCommas: boolean;
  /** Where the text first goes wrong in a way the parser would not report well, and how. */
  refused?: { offset: number; what: string };
}

/**
 * One pass of the scanner: comments, trailing commas, nesting too deep, and a `"__proto__"` key,
 * which jsonc-parser's parse turns into the object's prototype (JSON.parse makes it a key): its
 * content would be read as the object's own and lost by a rewrite.
 */
function scanFeatures(text: string): Features {
  const scanner = createScanner(text, false);
  const found: Features = { comments: false, trailingCommas: false };
  let depth = 0;
  let previous: SyntaxKind | undefined;
  let previousValue = '';
  let previousOffset = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.LineCommentTrivia || token === SyntaxKind.BlockCommentTrivia) found.comments = true;
    if (
      token === SyntaxKind.Trivia ||
      token === SyntaxKind.LineBreakTrivia ||
      token === SyntaxKind.LineCommentTrivia ||
      token === SyntaxKind.BlockCommentTrivia
    )
      continue;
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > MAX_DEPTH)
        return {
          ...found,
          refused: { offset: scanner.getTokenOffset(), what: `nested deeper than ${MAX_DEPTH} levels` },
        };
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth--;
      if (previous === SyntaxKind.CommaToken) found.trailingCommas = true;
    } else if (
      token === SyntaxKind.ColonToken &&
      previous === SyntaxKind.StringLiteral &&
      previousValue === '__proto__'
    ) {
      return { ...found, refused: { offset: previousOffset, what: 'a key named "__proto__" is not accepted' } };
    }
    previous = token;
    previousValue = token === SyntaxKind.StringLiteral ? scanner.getTokenValue() : '';
    previousOffset = scanner.getTokenOffset();
  }
  return found;
}

/** Parse `text` as JSON with comments and trailing commas; `file` names the source in the error. Never throws. */
export function parseJsonText(text: string, file: string): ParsedJsonText {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  const fail = (offset: number, what: string, lead = 'not valid JSON'): ParsedJsonText => ({
    ok: false,
    error: `${file}: ${lead}: ${locate(body, offset)}: ${what}`,
  });
  try {
    const { comments, trailingCommas, refused } = scanFeatures(body);
    if (refused) return fail(refused.offset, refused.what, 'refused');
    const errors: ParseError[] = [];
    const data: unknown = parse(body, errors, {
      allowTrailingComma: true,
      disallowComments: false,
      allowEmptyContent: true,
    });
    const first = errors[0];
    if (first) return fail(first.offset, describe(body, first));
    return { ok: true, data, bom, comments, trailingCommas };
  } catch (error) {
    // Not expected (the depth is bounded above); a stack or memory limit still gets one line, not a crash.
    return { ok: false, error: `${file}: cannot be read as JSON: ${(error as Error).message}` };
  }
}
