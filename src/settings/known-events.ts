// Event names clients send today, and which of them wait on their hooks' answers.

/** Events hookd validates with a dedicated schema. */
export const VALIDATED_EVENTS = ['Notification', 'Stop', 'SubagentStop', 'SessionEnd'] as const;

/** Events whose hooks can block or steer the agent: the bridge answers at once, so it cannot decide for them. */
export const BLOCKING_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PermissionRequest', 'UserPromptSubmit', 'SessionStart', 'PreCompact']);

/** Every event name known to clients in the wild. */
export const KNOWN_EVENTS = new Set<string>([...VALIDATED_EVENTS, ...BLOCKING_EVENTS]);

/** The known event closest to a mistyped name, if any is close enough. */
export function suggestEvent(name: string): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const known of KNOWN_EVENTS) {
    const distance = editDistance(lower, known.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: known, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
