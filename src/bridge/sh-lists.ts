// The sh bridge's lists, generated: bin/hookd runs on every event in a few milliseconds, so it can
// neither run Node nor read JSON, and once spelled by hand what the option table and the profiles
// say (its options, the clients' variables it carries, the names of its notes). Here those lines are
// rendered from the one source of each; `npm run sh-lists` writes them into bin/hookd between marker
// comments, and a test fails when bin/hookd drifts from what this renders. (Written by hand, not at
// build time: bin/hookd is a shipped source file, and a build rewrites no source.)
import { EMIT_OPTIONS } from '../clients/bridge-options.js';
import { BRIDGE_NOTES, CARRIED, SECRET_SUFFIXES } from '../payload/client-env.js';

/** The sh variable an option sets: its key in snake case (`stateDir` → `state_dir`). */
const shVariable = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The arms of `case $1 in` in hookd_emit, by parseBridgeArgs's rule (clients/bridge-options.ts): a
// valued option takes the next word or what follows `=`, a switch sets 1; a missing value, or a
// switch given one, is unreadable, said in the same words as the TypeScript.
function emitOptionArms(): string[] {
  return Object.entries(EMIT_OPTIONS).flatMap(([key, option]) =>
    'value' in option
      ? [
          `      ${option.flag}) [ $# -ge 2 ] || { unreadable="${option.flag} needs a value"; break; }; ${shVariable(key)}=$2; shift 2 ;;`,
          `      ${option.flag}=*) ${shVariable(key)}=\${1#*=}; shift ;;`,
        ]
      : [
          `      ${option.flag}) ${shVariable(key)}=1; shift ;;`,
          `      ${option.flag}=*) unreadable="${option.flag} takes no value ($1)"; break ;;`,
        ],
  );
}

// `a | b | \` lines of at most ~100 characters, the last ending in `) ;;`.
function patternLines(patterns: string[], indent: string): string[] {
  const lines: string[][] = [[]];
  for (const pattern of patterns) {
    const line = lines.at(-1)!;
    if (line.length > 0 && indent.length + [...line, pattern].join(' | ').length > 96) lines.push([pattern]);
    else line.push(pattern);
  }
  return lines.map((line, i) => `${indent}${line.join(' | ')}${i === lines.length - 1 ? ') ;;' : ' | \\'}`);
}

// carry_env's tests of a name the command does not name: a secret is skipped, then the carried
// names pass (client-env.ts's CARRIED: suffixes, prefixes, and exact names no prefix covers).
function carriedNameCases(): string[] {
  const exact = [...CARRIED.exact].filter(
    (name) =>
      !CARRIED.prefixes.some((prefix) => name.startsWith(prefix)) &&
      !CARRIED.suffixes.some((suffix) => name.endsWith(suffix)),
  );
  const patterns = [
    ...CARRIED.suffixes.map((suffix) => `*${suffix}`),
    ...CARRIED.prefixes.map((prefix) => `${prefix}*`),
    ...exact,
  ];
  return [
    `        case $name in ${SECRET_SUFFIXES.map((suffix) => `*${suffix}`).join(' | ')}) continue ;; esac`,
    '        case $name in',
    ...patternLines(patterns, '          '),
    '          *) continue ;;',
    '        esac ;;',
  ];
}

// bridge_notes' lines: the event the entry names, when it names one, the bridge's directory, and the canonical mark.
function bridgeNoteLines(): string[] {
  return [
    `  if [ -n "$event" ]; then printf '${BRIDGE_NOTES.event}=%s\\0' "$event"; fi`,
    `  printf '${BRIDGE_NOTES.cwd}=%s\\0' "$PWD"`,
    `  if [ -n "$canonical" ]; then printf '${BRIDGE_NOTES.canonical}=1\\0'; fi`,
  ];
}

/** Each generated block of bin/hookd by name, with the source it comes from. */
export const SH_LISTS: Readonly<Record<string, { from: string; lines: () => string[] }>> = {
  'emit-options': { from: 'src/clients/bridge-options.ts', lines: emitOptionArms },
  'carried-names': { from: 'src/payload/client-env.ts and the profiles', lines: carriedNameCases },
  'bridge-notes': { from: 'src/payload/client-env.ts', lines: bridgeNoteLines },
};

/** `script` (bin/hookd's text) with every generated block rendered afresh between its markers. */
export function withShLists(script: string): string {
  let out = script;
  for (const [name, block] of Object.entries(SH_LISTS)) {
    const begin = new RegExp(`^( *)# >>> ${name}:.*\\n`, 'm').exec(out);
    const end = new RegExp(`^ *# <<< ${name}\\n`, 'm').exec(out);
    if (!begin || !end || end.index < begin.index)
      throw new Error(`bin/hookd: no markers of the generated block ${name}`);
    const head = `${begin[1]}# >>> ${name}: generated from ${block.from} by \`npm run sh-lists\`; do not edit\n`;
    out =
      out.slice(0, begin.index) +
      head +
      block
        .lines()
        .map((line) => `${line}\n`)
        .join('') +
      out.slice(end.index);
  }
  return out;
}
