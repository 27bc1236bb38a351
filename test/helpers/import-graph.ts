// The folder-level import graph of src/, for the architecture test: which folder imports which at
// run time. Type-only imports are left out (they vanish when compiled), dynamic `import()` counts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every .ts file under `dir`, relative to `root`. */
export function sourceFiles(root: string, dir = 'src'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

// `import … from '…'`, `export … from '…'` and `import('…')`; group 1 is the clause, 2 or 3 the specifier.
const IMPORT = /^\s*(?:import|export)\s+([^;]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Whether an import clause brings in types only: `import type …`, or braces whose every name is `type X`. */
export function typeOnly(clause: string): boolean {
  if (/^type\b/.test(clause)) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The folder of a file of src/: its first folder, or '.' for files at the top. */
export function folderOf(file: string): string {
  const parts = file.split(path.sep);
  return parts.length > 2 ? parts[1]! : '.';
}

/** folder → folders it imports at run time (with `types`, type-only imports too), with one example import per edge. */
export function folderEdges(
  root: string,
  files: readonly string[],
  options: { types?: boolean } = {},
): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2] ?? match[3]!;
      if (!specifier.startsWith('.') || (!options.types && match[1] !== undefined && typeOnly(match[1]))) continue;
      const from = folderOf(file);
      const to = folderOf(path.join(path.dirname(file), specifier));
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${file} → ${specifier}`);
    }
  }
  return edges;
}

/** The strongly connected groups of more than one folder (Tarjan): each is a folder-level cycle. */
export function cycles(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}
