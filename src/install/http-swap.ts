// `hookd install --transport http` for Claude Code: each plain command hook of the chosen events
// becomes an http hook posting to the daemon's hook endpoint with the same command and timeout;
// `hookd uninstall` puts back the hook object's exact text. Both are text splices of one hook
// object at a time, so every other byte of the file stays as it was (edit-document.ts checks it).
import { findNodeAtLocation, parse, parseTree, type Edit } from 'jsonc-parser';
import { formatPath } from '../common/format-issues.js';
import { classifyCommand } from '../settings/classify-command.js';
import { eventsOf, findHookMap, hooksOf, type JsonObject } from '../settings/hook-map.js';
import type { HookLayout } from '../clients/profile.js';
import { hookdUrl } from '../settings/hookd-url.js';
import { finishEdit, readDocument } from './edit-document.js';
import { detectStyle, lineIndent, renderBlock, renderInline } from './json-style.js';

/** One hook install turned into an http hook: the object's text before and after, byte for byte. */
export interface HttpSwapRecord {
  event: string;
  original: string;
  written: string;
}

/** The http hook that posts `event` to the daemon on `port` for `command`, carrying the token. */
export function httpHookFor(port: number, event: string, command: string, timeout: unknown): JsonObject {
  return {
    type: 'http',
    url: hookdUrl(port, event, command),
    ...(typeof timeout === 'number' ? { timeout } : {}),
    headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
    allowedEnvVars: ['HOOKD_TOKEN'],
  };
}

/** The hook object that posts `event` for `command` (with the hook's own timeout, if any). */
export type HookFor = (event: string, command: string, timeout: unknown) => JsonObject;

function replaceObject(hook: JsonObject, value: JsonObject): void {
  for (const key of Object.keys(hook)) delete hook[key];
  Object.assign(hook, value);
}

/**
 * The plan: new text, change lines, and the swaps to record. `events` undefined: every event of
 * the file; `hookFor` writes each posting hook; `post` says which plain command hooks go (all of them when absent).
 */
export function planHttpInstall(
  text: string,
  events: readonly string[] | undefined,
  hookFor: HookFor,
  options: { layout?: HookLayout; file?: string; post?: (event: string, hook: JsonObject) => boolean } = {},
) {
  const doc = readDocument(text, options.file);
  const ref = findHookMap(doc.data, options.layout);
  const tree = parseTree(doc.body);
  const style = detectStyle(doc.body);
  const edits: Edit[] = [];
  const swaps: HttpSwapRecord[] = [];
  const changes: string[] = [];
  for (const event of events ?? eventsOf(ref)) {
    for (const { hook, path } of hooksOf(ref, event)) {
      if (
        (hook.type ?? 'command') !== 'command' ||
        typeof hook.command !== 'string' ||
        classifyCommand(hook.command).kind !== 'plain'
      )
        continue;
      if (options.post && !options.post(event, hook)) continue;
      const node = tree && findNodeAtLocation(tree, path);
      if (!node || node.type !== 'object') continue;
      const original = doc.body.slice(node.offset, node.offset + node.length);
      const value = hookFor(event, hook.command, hook.timeout);
      const written = original.includes('\n')
        ? renderBlock(value, style.indent || '  ', lineIndent(doc.body, node.offset), style.newline)
        : renderInline(value, original.startsWith('{ '));
      edits.push({ offset: node.offset, length: node.length, content: written });
      swaps.push({ event, original, written });
      changes.push(`post ${formatPath(path)} to hookd over http: ${hook.command}`);
      replaceObject(hook, value);
    }
  }
  return { after: edits.length ? finishEdit(doc, edits, []) : text, changes, swaps };
}

/** Put back the hook objects of `swaps` still as install wrote them; the others are the user's now. */
export function planHttpUninstall(
  text: string,
  swaps: readonly HttpSwapRecord[],
  options: { layout?: HookLayout; file?: string } = {},
) {
  const doc = readDocument(text, options.file);
  const ref = findHookMap(doc.data, options.layout);
  const tree = parseTree(doc.body);
  const edits: Edit[] = [];
  const changes: string[] = [];
  for (const swap of swaps) {
    for (const { hook, path } of hooksOf(ref, swap.event)) {
      const node = tree && findNodeAtLocation(tree, path);
      if (!node || doc.body.slice(node.offset, node.offset + node.length) !== swap.written) continue;
      edits.push({ offset: node.offset, length: node.length, content: swap.original });
      const restored = parse(swap.original) as JsonObject;
      changes.push(`restore ${formatPath(path)}: ${String(restored.command)}`);
      replaceObject(hook, restored);
    }
  }
  return { after: edits.length ? finishEdit(doc, edits, []) : text, changes };
}
