// Which synchronous bridge `hookd sync` runs here, found as bin/hookd finds it (keep in step with
// its find_bridge): a prebuilt one from this platform's package (optionalDependencies, npm installs
// only the one whose os and cpu match), else the one built here at install (dist/hookd-bridge),
// else Node's. Said by `hookd doctor`, `hookd status` and the page, and by the install script when
// it falls back: a bridge in Node costs every deciding hook Node's start-up, never silently.
import { readFileSync } from 'node:fs';
import { isExecutable } from '../common/find-on-path.js';
import { prebuiltBridge } from '../common/prebuilt-bridge.js';
import { installedNode } from './installed-node.js';
import path from 'node:path';

/**
 * The platforms a release ships a prebuilt bridge for, as `@hookd-dev/hookd-${os}-${cpu}` (Node's
 * process.platform and process.arch, the package's os and cpu fields), each with the target
 * scripts/pack-release.mjs compiles it for: Linux against musl, statically, so one binary serves
 * glibc and Alpine alike; Windows from native/win/ and the shared files, as bin/hookd-bridge.exe.
 */
export const PREBUILT_PLATFORMS: readonly { os: string; cpu: string; zigTarget: string }[] = [
  { os: 'linux', cpu: 'x64', zigTarget: 'x86_64-linux-musl' },
  { os: 'linux', cpu: 'arm64', zigTarget: 'aarch64-linux-musl' },
  { os: 'darwin', cpu: 'arm64', zigTarget: 'aarch64-macos' },
  { os: 'darwin', cpu: 'x64', zigTarget: 'x86_64-macos' },
  { os: 'win32', cpu: 'x64', zigTarget: 'x86_64-windows-gnu' },
];

// Where the prebuilt program is, in common/ for the Windows executor too (its Job Object: executor/windows-job.ts).
export { bridgeProgram, prebuiltBridge } from '../common/prebuilt-bridge.js';

export const prebuiltPackage = ({ os, cpu }: { os: string; cpu: string }) => `@hookd-dev/hookd-${os}-${cpu}`;

export type BridgeKind = 'prebuilt' | 'built' | 'node';

export interface BridgeInUse {
  kind: BridgeKind;
  /** The native program, or undefined for Node's. */
  program?: string;
  /** One line: which bridge, from where. */
  summary: string;
}

const versionOf = (program: string) => {
  try {
    return JSON.parse(readFileSync(path.join(program, '..', '..', 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
  } catch {
    return undefined;
  }
};

/** What costs a deciding hook in Node's bridge, and how to get the native one (the same words everywhere). */
export function nodeBridgeNote(os: string = process.platform, cpu: string = process.arch): string {
  const shipped = PREBUILT_PLATFORMS.find((p) => p.os === os && p.cpu === cpu);
  const how = shipped
    ? `reinstall @hookd-dev/hookd with its optional dependencies (${prebuiltPackage(shipped)} was not installed: --omit=optional?)`
    : `install a C compiler (cc) and run npm rebuild @hookd-dev/hookd (there is no prebuilt bridge for ${os}-${cpu}, only for ${PREBUILT_PLATFORMS.map((p) => `${p.os}-${p.cpu}`).join(', ')})`;
  return `the bridges run in Node: every deciding hook waits for Node's start-up (about 0.1 s, some 20 times the native bridge); for the native one, ${how}`;
}

/**
 * The bridge `hookd sync` runs with the package at `root` and this environment. HOOKD_BRIDGE_NODE
 * asks for Node's, which is honoured only with the Node the package was installed with
 * (installed-node.ts): an inherited variable never leaves a deciding hook to a missing `node` or to
 * whichever one PATH finds.
 */
export function bridgeInUse(root: string, env: NodeJS.ProcessEnv = process.env): BridgeInUse {
  const askedForNode = Boolean(env.HOOKD_BRIDGE_NODE);
  if (askedForNode && installedNode(root)) return { kind: 'node', summary: 'Node (HOOKD_BRIDGE_NODE is set)' };
  const ignored = askedForNode ? '; HOOKD_BRIDGE_NODE is set, but the Node.js hookd was installed with is gone' : '';
  const prebuilt = prebuiltBridge(root);
  if (prebuilt) {
    const pkg = versionOf(prebuilt);
    return {
      kind: 'prebuilt',
      program: prebuilt,
      summary: `native, prebuilt (${pkg ? `${pkg.name} ${pkg.version}` : prebuilt})${ignored}`,
    };
  }
  const built = path.join(root, 'dist', 'hookd-bridge');
  if (isExecutable(built)) return { kind: 'built', program: built, summary: `native, built here (${built})${ignored}` };
  return { kind: 'node', summary: `Node: ${nodeBridgeNote()}` };
}
