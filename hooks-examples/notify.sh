#!/bin/sh
# notify.sh: a desktop notification for an agent event.
#
#   Set up:  hookd install --add notify     (on the events that mean "the turn finished" or "the
#            agent needs you", behind the bridge)
#   Input:   the event JSON on stdin, as the daemon passes it.
#   Shows:   the client's name (from the variables it gives its hooks, else "Agent") and the project
#            folder (the event's cwd, else the hook's directory) as the title; the body:
#            Notification: its message   Stop, AfterAgent, agentStop, stop: "finished"
#            SubagentStop: "subagent finished"   SessionEnd: "session ended (REASON)"   others: "needs you"
#   How:     notify-send on Linux, osascript on macOS; where neither exists, a terminal bell and an
#            OSC 9 notification written to $HOOKD_NOTIFY_TTY (default /dev/tty), else to stderr.
#   Note:    from a service on Linux, notify-send needs DBUS_SESSION_BUS_ADDRESS (and DISPLAY or
#            WAYLAND_DISPLAY); hookd service install copies them from the shell it runs in.
#   Needs:   sh and sed; jq is used to read the event when it is installed.

event=$(cat)

# field NAME: a string field of the event: jq when present, else a sed pattern that handles
# escaped quotes (good for the flat events clients send). The same in each example, on purpose:
# each script stands alone, to be copied and changed on its own.
field() {
  if command -v jq >/dev/null 2>&1; then
    printf '%s' "$event" | jq -r --arg k "$1" '.[$k] // empty | strings' 2>/dev/null
  else
    printf '%s' "$event" | tr '\n' ' ' |
      sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"(([^"\\]|\\.)*)".*/\1/p' |
      sed -e 's/\\"/"/g' -e 's/\\\\/\\/g'
  fi
}

# Copilot CLI's camelCase payloads name no event: the daemon says which in HOOKD_EVENT.
name=$(field hook_event_name)
name=${name:-${HOOKD_EVENT-}}
# The client that ran the hook, by the variables it gives its hooks.
if [ -n "${FACTORY_PROJECT_DIR-}" ]; then title=Droid
elif [ -n "${COPILOT_CLI-}" ]; then title='Copilot CLI'
elif [ -n "${QWEN_PROJECT_DIR-}" ]; then title='Qwen Code'
elif [ -n "${GEMINI_PROJECT_DIR-}" ]; then title='Gemini CLI'
elif [ -n "${CLAUDECODE-}" ]; then title='Claude Code'
elif [ -n "${CURSOR_TRACE_ID-}${CURSOR_AGENT-}" ]; then title=Cursor
elif [ -n "${CODEX_THREAD_ID-}${CODEX_MANAGED_BY_NPM-}" ]; then title=Codex
else title=Agent; fi
case $name in
  Notification | notification) body=$(field message) ;;
  Stop | AfterAgent | agentStop | stop) body=finished ;;
  SubagentStop | subagentStop) body='subagent finished' ;;
  SessionEnd | sessionEnd) reason=$(field reason); body="session ended${reason:+ ($reason)}" ;;
  *) body='needs you' ;;
esac
body=${body:-needs you}
cwd=$(field cwd)
cwd=${cwd:-$PWD}
project=${cwd##*/}
[ -n "$project" ] && title="$title · $project"

if command -v notify-send >/dev/null 2>&1; then
  exec notify-send --app-name=hookd "$title" "$body"
elif command -v osascript >/dev/null 2>&1; then
  # The text goes in as arguments, never into the script: a quote in a message cannot break it.
  exec osascript -e 'on run argv' -e 'display notification (item 2 of argv) with title (item 1 of argv)' -e 'end run' "$title" "$body"
else
  # OSC 9 (shown as a notification by iTerm2, kitty, WezTerm, Windows Terminal…), then a bell.
  message=$(printf '%s: %s' "$title" "$body" | tr -d '\000-\037')
  tty=${HOOKD_NOTIFY_TTY:-/dev/tty}
  (printf '\033]9;%s\007\007' "$message" >"$tty") 2>/dev/null || printf '\033]9;%s\007\007\n' "$message" >&2
fi
