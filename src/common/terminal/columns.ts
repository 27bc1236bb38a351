// Aligned columns for the CLI's listings (history, status, run): each column as wide as its widest
// cell on screen (string-width counts what a terminal shows: wide characters twice, colour codes
// not at all), two spaces between columns, no padding after the last. Cells are cleaned of control
// sequences here, so a listing can never carry one whatever its caller forgot.
import stringWidth from 'string-width';
import { cleanLine } from './clean-text.js';

/** A cell: its text, and optionally how it is painted (a colour function applied after measuring). */
export type Cell = string | { text: string; paint?: (text: string) => string; align?: 'right' };

/** How to lay out columns: a prefix of each line, and the narrowest each column may be. */
export interface ColumnOptions {
  indent?: string;
  minWidths?: readonly number[];
}

/** `rows` as lines of aligned columns. */
export function columns(rows: readonly (readonly Cell[])[], options: ColumnOptions = {}): string[] {
  const { indent = '', minWidths = [] } = options;
  const cells = rows.map((row) =>
    row
      .map((cell) => (typeof cell === 'string' ? { text: cell } : cell))
      .map((cell) => ({ ...cell, text: cleanLine(cell.text) })),
  );
  const widths: number[] = [...minWidths];
  for (const row of cells) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, stringWidth(cell.text))));
  return cells.map((row) => {
    const line = row.map((cell, i) => {
      const gap = ' '.repeat((widths[i] ?? 0) - stringWidth(cell.text));
      const shown = cell.paint ? cell.paint(cell.text) : cell.text;
      if (cell.align === 'right') return gap + shown;
      return i === row.length - 1 ? shown : shown + gap;
    });
    return indent + line.join('  ');
  });
}
