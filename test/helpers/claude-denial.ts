// What Claude Code makes of a PreToolUse hook's answer: the reason it is given for a denial, either
// form (exit 2 with the reason on stderr, as a hook it runs itself gives it; or the JSON
// `permissionDecision: "deny"`, as hookd's bridge hands a canonical denial: src/hif/answer-rows.ts),
// else undefined (the tool runs).

/** The denial's reason, or undefined for an answer that lets the tool run. */
export function claudeDenial(code: number | null | undefined, stdout: string, stderr: string): string | undefined {
  if (code === 2) return stderr.trim();
  if (code !== 0) return undefined;
  try {
    const out = JSON.parse(stdout).hookSpecificOutput;
    return out?.permissionDecision === 'deny' ? String(out.permissionDecisionReason) : undefined;
  } catch {
    return undefined;
  }
}
