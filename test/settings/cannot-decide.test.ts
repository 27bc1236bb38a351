// Which commands hookd reads as unable to decide (issue 30, item 6), one line per shape: those the
// docs list (docs/bridges.md, "Hooks that cannot decide"), and each way a command can still reach
// the client through stdout or exit 2, which keeps it behind hookd sync.
import { describe, expect, it } from 'vitest';
import { cannotDecideOn, whyCannotDecide } from '../../src/settings/cannot-decide.js';
import { clientById } from '../../src/clients/registry.js';

describe('whyCannotDecide', () => {
  const quiet: [string, string][] = [
    [`notify-send 'Claude Code' 'Turn done'`, 'a desktop notification (notify-send)'],
    ['/usr/bin/notify-send -u critical done', 'a desktop notification (notify-send)'],
    ['say "done"', 'a spoken message (say)'],
    ['afplay /System/Library/Sounds/Glass.aiff', 'a sound (afplay)'],
    ['paplay /usr/share/sounds/freedesktop/stereo/complete.oga', 'a sound (paplay)'],
    [`printf '%s\\n' stop >> ~/.claude/turns.log`, 'a log line (printf)'],
    ['echo "$CLAUDE_PROJECT_DIR done" >> /tmp/log 2>&1', 'a log line (echo)'],
    ['echo done >&2', 'a log line (echo)'],
    ['curl -s -X POST https://hooks.example.com -d @- > /dev/null 2>&1', 'a webhook whose answer is discarded (curl)'],
    ['osascript -e \'display notification "done"\' >/dev/null', 'a desktop notification (osascript)'],
    ['DISPLAY=:0 notify-send done && paplay done.oga &', 'a desktop notification (notify-send), a sound (paplay)'],
    ['sleep 3; : > /tmp/marker', 'a pause (sleep), nothing (:)'],
  ];
  it.each(quiet)('%s cannot decide: %s', (command, why) => expect(whyCannotDecide(command)).toBe(why));

  // Each command that stays in line, why, and the same command without that cause, which hookd
  // reads as unable to decide: so the reason given is the one that keeps it in line (issue 42 item 8).
  const unsure: [string, string, string][] = [
    ['python3 ~/.claude/hooks/stop_gate.py', 'a script: hookd cannot see what it prints', 'notify-send stop_gate'],
    ['~/.claude/hooks/notify.sh', 'a script of its own', 'notify-send notify'],
    ['~/bin/say done', "a program of one's own named like a known one", 'say done'],
    ['echo done', "echo's line reaches the client's stdout", 'echo done > /dev/null'],
    [
      'curl -s https://hooks.example.com -d @-',
      "the webhook's answer reaches the client",
      'curl -s https://hooks.example.com -d @- > /dev/null',
    ],
    [
      'curl -s https://hooks.example.com &>/dev/null',
      "sh reads &> as & then >: stdout stays the client's",
      'curl -s https://hooks.example.com >/dev/null 2>&1',
    ],
    ['notify-send -A ok=OK "Continue?"', 'prints the action chosen', 'notify-send "Continue?"'],
    ['say -v ?', 'prints the voices', 'say -v Alex done'],
    ['notify-send done; exit 2', 'exit 2 blocks', 'notify-send done'],
    ['notify-send "$(jq -r .message)"', 'a substitution runs a command of its own', 'notify-send "$MESSAGE"'],
    ['notify-send `date`', 'a substitution', 'notify-send date'],
    ['jq -r .message | notify-send x', 'jq is not a known program', 'echo x | notify-send x'],
    ['notify-send x 2>&1', "stderr on the client's stdout", 'notify-send x'],
    ['if true; then notify-send x; fi', 'a compound command', 'notify-send x'],
    ['notify-send x # note', 'a comment', 'notify-send x'],
    ['notify-send x\nexit 2', 'a second line', 'notify-send x'],
    ['$NOTIFY done', 'a program named by a variable', 'notify-send done'],
    ['notify-send x <<EOF', 'a here-document', 'notify-send x < /dev/null'],
    ['', 'nothing', ':'],
  ];
  it.each(unsure)('%s stays in line (%s); %s does not', (command, _why, without) => {
    expect(whyCannotDecide(command)).toBeUndefined();
    expect(whyCannotDecide(without)).toMatch(/\(\S+\)$/);
  });
});

describe('cannotDecideOn', () => {
  it("never where exit 1 denies (Copilot CLI's preToolUse): a failing notifier decides there", () => {
    const copilot = clientById('copilot')!;
    expect(cannotDecideOn(copilot, 'preToolUse', 'notify-send x')).toBeUndefined();
    expect(cannotDecideOn(copilot, 'agentStop', 'notify-send x')).toBe('a desktop notification (notify-send)');
    expect(cannotDecideOn(clientById('claude')!, 'PreToolUse', 'notify-send x')).toBe(
      'a desktop notification (notify-send)',
    );
  });
});
