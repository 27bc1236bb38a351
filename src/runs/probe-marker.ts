// How a run of `hookd doctor`'s probe is told from a real one: its payload's session id and its
// command both carry the marker. The history marks such runs `probe`, and the counts, metrics and
// `hookd history` leave them out unless asked, so checking the chain does not show up as activity.

/** The session-id prefix of the probe's payload. */
const PROBE_SESSION_PREFIX = 'hookd-doctor-';
/** The probe hook's command, before its nonce. */
const PROBE_COMMAND_PREFIX = 'echo hookd-doctor-probe ';

/** The probe's session id and command for `nonce`. */
export function probeRun(nonce: string): { sessionId: string; command: string } {
  return { sessionId: `${PROBE_SESSION_PREFIX}${nonce}`, command: `${PROBE_COMMAND_PREFIX}${nonce}` };
}

// The probe's command exactly: `echo`, the marker, twelve hex digits (probeRun's nonce). The hook
// endpoint runs it without a settings file naming it, so that doctor can send it the client's way.
const PROBE_COMMAND = /^echo hookd-doctor-probe [0-9a-f]{12}$/;

/** Whether `command` is exactly a probe's command (harmless: it prints a word). */
export function isProbeCommand(command: string): boolean {
  return PROBE_COMMAND.test(command);
}

/** Whether a run is the doctor's probe: both its session and its command carry the marker. */
export function isProbe(sessionId: string, command: string): boolean {
  return sessionId.startsWith(PROBE_SESSION_PREFIX) && command.startsWith(PROBE_COMMAND_PREFIX);
}
