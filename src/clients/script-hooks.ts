// Hooks that are executable files named after their events (Cline: ~/.cline/hooks/PreToolUse), read
// as one hook each: hookd sees such a file as a one-entry hook file, `{"hooks": {"PreToolUse":
// [{"command": "'/path/PreToolUse'"}]}}`, so validate, run, clients and the daemon read it as any
// other. Install wraps one in place: the original goes to the state directory (byte for byte, its
// mode kept) and the file becomes a small sh script whose one command line is the bridge entry that
// runs the original; that line is what hookd reads back as the hook's command.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { shellQuote } from '../common/shell-word.js';
import type { ClientProfile } from './profile.js';

/** The first two lines of a hook file install wrote; the third is the bridge entry. */
export const WRAPPER_HEAD =
  '#!/bin/sh\n# hookd install wrapped this hook; hookd uninstall gives the original back. Edit the original, not this file.\n';

/** The first two lines of a hook file install wrote from a hook manifest (install/manifest-script-files.ts); the third is the bridge entry. */
export const MANIFEST_HEAD =
  '#!/bin/sh\n# hookd install wrote this hook from a hook manifest; hookd uninstall removes it. Edit the manifest and install it again, not this file.\n';

/** The wrapper install writes in place of a hook file: runs `entry` (a bridge entry) with the hook's stdin. */
export const wrapperScript = (entry: string, head = WRAPPER_HEAD): string => `${head}${entry}\n`;

/** The bridge entry of a hook file install wrote (a wrapper, or a manifest's hook), else undefined (the user's own hook). */
export function wrappedEntry(text: string): string | undefined {
  const head = [WRAPPER_HEAD, MANIFEST_HEAD].find((one) => text.startsWith(one));
  if (head === undefined) return undefined;
  const rest = text.slice(head.length);
  return rest.endsWith('\n') && !rest.slice(0, -1).includes('\n') ? rest.slice(0, -1) : undefined;
}

/** Whether `file` is one of `client`'s hook files named after its event. */
export function isScriptHook(file: string, client: ClientProfile): boolean {
  return (
    client.scriptHooks === true &&
    client.events.includes(path.basename(file)) &&
    client.pathPatterns.some((pattern) => pattern.test(file))
  );
}

/** A path as a command: as it is when plain, else single-quoted. */
export const asWord = (file: string): string => (/^[A-Za-z0-9_./+-]+$/.test(file) ? file : shellQuote(file));

/** The one-entry hook file hookd reads `file` (holding `text`) as. */
export function scriptDocument(file: string, text: string): string {
  const command = wrappedEntry(text) ?? asWord(file);
  return JSON.stringify({ hooks: { [path.basename(file)]: [{ command }] } });
}

/** The hook files of `client` present in `dir`, one per event. */
export function scriptFilesIn(dir: string, client: ClientProfile): string[] {
  return client.events.map((event) => path.join(dir, event)).filter((file) => existsSync(file));
}
