// Aligned columns (src/common/terminal/columns.ts): each column as wide as its widest cell as a
// terminal shows it, so wide characters, emoji and colour codes do not push the next column.
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { columns } from '../../src/common/terminal/columns.js';

const red = (text: string) => `\x1b[31m${text}\x1b[39m`;
// Where each column starts on screen: the display width of the line up to a cell's text.
const startOf = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)));

describe('columns', () => {
  it('lines up the next column after wide characters, emoji, long cells and painted ones', () => {
    const lines = columns([
      ['Stop', { text: 'ok', paint: red }, 'LAST0'],
      ['通知イベント', 'failed (exit 3)', 'LAST1'],
      ['🎉Party', { text: 'rejected: payload: not valid JSON', paint: red }, 'LAST2'],
    ]);
    expect(new Set(lines.map((line, i) => startOf(line, `LAST${i}`))).size).toBe(1);
    expect(
      new Set(
        lines.map((line) =>
          startOf(line, line.includes('ok') ? 'ok' : line.includes('failed') ? 'failed' : 'rejected'),
        ),
      ).size,
    ).toBe(1);
    // Painted after measuring: the colour codes are there, and cost no width.
    expect(lines[0]).toContain(red('ok'));
    // Two spaces between columns, nothing after the last.
    expect(lines[1]).toMatch(/^通知イベント {2}failed \(exit 3\) {20}LAST1$/);
  });

  it('right-aligns a cell when asked, keeps a minimum width, indents, and cleans every cell', () => {
    const lines = columns(
      [
        [{ text: '5ms', align: 'right' }, 'x\x1b[2J\ny'],
        [{ text: '1.2s', align: 'right' }, 'z'],
      ],
      { indent: '  ', minWidths: [6] },
    );
    expect(lines).toEqual(['     5ms  x y', '    1.2s  z']);
  });
});
