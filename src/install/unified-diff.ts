// A unified diff of two texts, by lines, for `--dry-run`. Settings files are small: the common
// head and tail are cut off and the rest is matched by a longest-common-subsequence table.

type Op = { kind: ' ' | '-' | '+'; line: string };

function lineOps(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      ops.push({ kind: ' ', line: x[i]! });
      i++;
      j++;
    }
    else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: x[i++]! });
    else ops.push({ kind: '+', line: y[j++]! });
  }
  for (const line of a.slice(a.length - tail)) ops.push({ kind: ' ', line });
  return ops;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** The unified diff from `before` to `after` with `context` lines around each change; '' when equal. */
export function unifiedDiff(before: string, after: string, fromName: string, toName: string, context = 3): string {
  if (before === after) return '';
  const ops = lineOps(splitLines(before), splitLines(after));
  const out = [`--- ${fromName}`, `+++ ${toName}`];
  let index = 0;
  while (index < ops.length) {
    while (index < ops.length && ops[index]!.kind === ' ') index++;
    if (index === ops.length) break;
    // A hunk: from `context` lines before this change to `context` lines after the last change
    // that is no more than 2 * context lines away from the previous one.
    const start = Math.max(0, index - context);
    let end = index;
    for (let k = index; k < ops.length; k++) {
      if (ops[k]!.kind !== ' ') end = k;
      else if (k - end > 2 * context) break;
    }
    const stop = Math.min(ops.length, end + context + 1);
    let oldLine = 1;
    let newLine = 1;
    for (const op of ops.slice(0, start)) {
      if (op.kind !== '+') oldLine++;
      if (op.kind !== '-') newLine++;
    }
    const hunk = ops.slice(start, stop);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${oldCount ? oldLine : oldLine - 1},${oldCount} +${newCount ? newLine : newLine - 1},${newCount} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.line}`);
    index = stop;
  }
  return `${out.join('\n')}\n`;
}
