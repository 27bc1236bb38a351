// Text from runs (event names, session ids, commands, hook output) is written by whoever wrote the
// payload or the hook, and a terminal obeys the control sequences in it: OSC 52 writes the
// clipboard, OSC 8 makes links, ESC[2J clears the screen, a bare CR overwrites a line. Every printer
// of the CLI cleans what it prints here. Hand-written because the kept regexes (ansi-regex, Node's
// stripVTControlCharacters) match colour codes, not every sequence: an OSC 52 payload in base64
// ('+', '=') survives them in part, and lone C0/C1 controls are left alone.

// ECMA-48 sequences, longest first: string sequences (OSC, DCS, SOS, PM, APC) end at BEL or ST;
// one never ended goes to the end of its line (a terminal would swallow more, but what follows is
// plain text once the sequence is gone, and worth keeping); then CSI; then two-byte escapes.
const STRING_SEQUENCE = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\n]*?(?:\x07|\x1b\\|\x9c|(?=\n)|$)/g;
const CSI = /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?/g;
const ESCAPE = /\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
// What is left of the controls: C0 but tab and newline, DEL, C1.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` without any terminal control sequence or control character; newlines and tabs stay. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(STRING_SEQUENCE, '')
    .replace(CSI, '')
    .replace(ESCAPE, '')
    .replace(CONTROL, '');
}

/** `text` cleaned and on one line: newlines and tabs become single spaces. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\s*\n\s*|\t/g, ' ');
}
