#!/usr/bin/env node
// guards.mjs: several guards in one process, `node guards.mjs no-rm-rf,no-force-push,no-secrets-read,no-pipe-to-shell`.
// Their checks run in the order given and the first denial wins; the answer is a single guard's (exit 2
// with the reason on stderr; Cursor run without hookd is told in its own fields too: guard-kit.mjs).
// Started by hookd's daemon with HOOKD_WARM=1, it stays up and answers JSON lines instead (kit/warm.mjs):
// each request is decided exactly as the cold run of the same payload, environment and folder would be.
// A name it does not ship is a usage error: exit 1 (a hook error the client lets pass), never a denial.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { answer, readInput, readPayload } from './guard-kit.mjs';
import { requestEnv, serveWarm } from './kit/warm.mjs';

/** The guards shipped beside this file: every `NAME.mjs` but the kit and this one. */
export function shippedGuards() {
  return readdirSync(new URL('.', import.meta.url))
    .filter((file) => /^[a-z0-9-]+\.mjs$/.test(file) && file !== 'guard-kit.mjs' && file !== 'guards.mjs')
    .map((file) => file.slice(0, -4))
    .sort();
}

/** The checks of `names` (comma-separated words), in order; throws on a name not shipped. */
export async function loadChecks(names) {
  const wanted = names.flatMap((word) => word.split(',')).filter(Boolean);
  const shipped = shippedGuards();
  if (wanted.length === 0) throw new Error(`name the guards to run: ${shipped.join(',')}`);
  const unknown = wanted.find((name) => !shipped.includes(name));
  if (unknown) throw new Error(`no guard "${unknown}"; choose from ${shipped.join(', ')}`);
  return Promise.all(wanted.map(async (name) => (await import(new URL(`${name}.mjs`, import.meta.url).href)).check));
}

/** The first reason to deny `input` among `checks`, or undefined. */
export function decide(checks, input) {
  for (const check of checks) {
    const reason = check(input);
    if (reason) return reason;
  }
  return undefined;
}

async function main() {
  let checks;
  try {
    checks = await loadChecks(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`guards.mjs: ${err.message}\n`);
    process.exitCode = 1;
    return;
  }
  const cold = async (text) => {
    const input = await readInput(process.env, readPayload(text), process.cwd());
    answer(decide(checks, input), input);
  };
  if (process.env.HOOKD_WARM !== '1') return cold(undefined);
  await serveWarm({
    input: process.stdin,
    output: process.stdout,
    decide: async (request) =>
      decide(checks, await readInput(await requestEnv(request), request.payload, request.cwd ?? process.cwd())),
    cold,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
