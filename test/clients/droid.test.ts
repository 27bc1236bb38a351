// Droid 0.225, the platform's own client, the real binary, offline (FACTORY_AIRGAP_ENABLED=1, a
// custom model on a fake Messages API): `droid exec` turns with every event a turn fires wired
// direct and through the bridge. Droid puts each top-level string, number and boolean of the
// payload into its hook's environment under the field's own name: the bridged hook gets them too.
import { realClientSuite } from './real-client-suite.js';
import { scrubClientVariables, type Arrival } from './real-client-helpers.js';
import { droid } from '../../src/clients/droid/profile.js';

scrubClientVariables();

/** The payload's top-level scalars, as Droid exports them ($session_id, $stop_hook_active…). */
function payloadVariables(arrival: Arrival): Record<string, string> {
  return Object.fromEntries(
    Object.entries(arrival.payload)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .map(([name, value]) => [name, String(value)]),
  );
}

realClientSuite({
  name: 'droid',
  label: 'Droid 0.225',
  // UserPromptSubmit, Notification and PreCompact fire only in the interactive client.
  events: ['SessionStart', 'Stop', 'SessionEnd'],
  stopEvent: 'Stop',
  // The profile's list, which `hookd run` sets: this real run confirms it.
  projectVariables: droid.hookVariables.projectDir,
  userVariables: (arrival, client) => ({ FACTORY_PROJECT_DIR: client.project, ...payloadVariables(arrival) }),
  sessionEnd: 'waits',
});
