// The unified diff of --dry-run: hunks, context, counts, and a missing final newline.
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/install/edit-settings.js';

const lines = (n: number, change: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, i) => change[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', 'x', 'y')).toBe('');
  });

  it('shows a change with three lines of context', () => {
    expect(unifiedDiff(lines(10), lines(10, { 5: 'five' }), 'a/f', 'b/f')).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('makes two hunks of distant changes and one of close ones', () => {
    const far = unifiedDiff(lines(20), lines(20, { 2: 'two', 18: 'eighteen' }), 'a', 'b');
    expect(far.match(/^@@.*@@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@']);
    const near = unifiedDiff(lines(20), lines(20, { 5: 'five', 10: 'ten' }), 'a', 'b');
    expect(near.match(/^@@.*@@$/gm)).toEqual(['@@ -2,12 +2,12 @@']);
  });

  it('counts added and removed lines, and creates a file from nothing', () => {
    expect(unifiedDiff('a\nb\n', 'a\nx\ny\nb\n', 'o', 'n')).toBe('--- o\n+++ n\n@@ -1,2 +1,4 @@\n a\n+x\n+y\n b\n');
    expect(unifiedDiff('', '{}\n', '/dev/null', 'f')).toBe('--- /dev/null\n+++ f\n@@ -0,0 +1,1 @@\n+{}\n');
  });

  it('marks a missing final newline', () => {
    expect(unifiedDiff('a\nb', 'a\nc', 'o', 'n')).toBe(
      '--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n',
    );
  });
});
