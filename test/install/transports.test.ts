// A Stop gate (check-tests, a program install cannot read): a hook that cannot decide, such as `say done`,
// keeps hookd emit under --transport http (issue 30), so it would not show the http entry.
import { describe, expect, it } from 'vitest';
import { TRANSPORTS, TRANSPORT_NAMES, transportHelp } from '../../src/install/transports.js';
import { planInstall } from '../../src/install/plan-edit.js';
import { clientById } from '../../src/clients/registry.js';

const text = '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"check-tests"}]}]}}\n';
const claude = clientById('claude')!;
const input = {
  text,
  exists: true,
  events: undefined,
  adds: [],
  client: claude,
  mode: { asyncOnly: false, events: undefined, asyncCommands: [] },
  options: {},
  tcpPort: 14653,
  stateDir: '/tmp/state',
};

describe('the list of transports', () => {
  it('gives --transport its choices, the bridge first, and its help', () => {
    expect(TRANSPORT_NAMES).toEqual(['bridge', 'http']);
    expect(transportHelp()).toBe(
      'bridge: the client runs hookd emit; http: Claude Code posts the event to the daemon (other clients keep the bridge)',
    );
  });

  it("plans the bridge's install as plan-edit does, with no notes", async () => {
    const planned = (await TRANSPORTS.bridge.load())(input);
    expect(planned).toEqual({ plan: planInstall(text, true, undefined, [], {}), notes: [] });
  });

  it("plans http entries to the hook endpoint on the given port, with the token's note", async () => {
    const planned = (await TRANSPORTS.http.load())(input);
    expect(planned.plan.after).toContain('http://127.0.0.1:14653/hooks/v1/Stop?command=check-tests');
    expect(planned.notes.join('\n')).toContain('export HOOKD_TOKEN="$(cat \'/tmp/state/local-token\')"');
  });
});
