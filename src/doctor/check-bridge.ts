// Which synchronous bridge the agent waits on for every deciding hook: the native one (prebuilt or
// built here) or Node's, which costs each of them Node's start-up. Never silent (issue 33).
import { bridgeInUse } from '../bridge/bridge-in-use.js';
import { packageRoot } from '../common/package-root.js';
import type { Check } from './checks.js';

export function checkBridge(env: NodeJS.ProcessEnv = process.env): Check {
  const bridge = bridgeInUse(packageRoot(), env);
  if (bridge.kind !== 'node' || env.HOOKD_BRIDGE_NODE)
    return { name: 'bridge in use', ok: true, detail: bridge.summary };
  const [what, how] = bridge.summary.split('; for the native one, ');
  return { name: 'bridge in use', ok: false, detail: what!, fix: how! };
}
