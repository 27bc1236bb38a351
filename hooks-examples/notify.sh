#!/bin/sh
# notify.sh: a desktop notification for an agent event.
#
#   Set up:  hookd install --add notify     (wraps it in the bridge for the fire-and-forget events)
#   Input:   the event JSON on stdin, as the daemon passes it.
#   Shows:   Notification: its title (else "Agent") and its message
#            Stop: "finished"   SubagentStop: "subagent finished"   SessionEnd: "session ended (REASON)"
#            The project folder (the event's cwd) is added to the title.
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

name=$(field hook_event_name)
title=Agent
case $name in
  Notification) title=$(field title); title=${title:-Agent}; body=$(field message) ;;
  Stop) body=finished ;;
  SubagentStop) body='subagent finished' ;;
  SessionEnd) reason=$(field reason); body="session ended${reason:+ ($reason)}" ;;
  *) body=${name:-event} ;;
esac
body=${body:-$name}
cwd=$(field cwd)
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
