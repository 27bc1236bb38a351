#!/bin/sh
# followup.sh: when the agent stops, ask it for one more step in the same session.
#
#   Set up:  hookd install --add followup     (Stop only)
#   Input:   the event JSON on stdin, as the daemon passes it.
#   How:     posts a message to the session through the daemon's local proxy, which adds the API
#            key, so this hook holds no secret:
#              curl --unix-socket "$HOOKD_SOCKET" -X POST http://hookd/api/v0/sessions/$SESSION/messages
#   Env:     HOOKD_FOLLOWUP_MESSAGE  the message (default: ask for a summary of the change and what is left)
#            HOOKD_FOLLOWUP_DIR      where the once-per-session markers live
#                                    (default: ${HOOKD_STATE_DIR:-${XDG_STATE_HOME:-~/.local/state}/hookd}/followups)
#            HOOKD_SOCKET            the daemon's socket; the daemon sets it for every hook
#   Once:    one follow-up per session: the follow-up's own Stop would otherwise ask again, forever.
#            Events other than Stop, and a Stop with stop_hook_active true, are left alone.
#   Needs:   sh, sed, curl; jq is used to read the event when it is installed.

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

[ "$(field hook_event_name)" = Stop ] || exit 0
printf '%s' "$event" | tr '\n' ' ' | grep -q '"stop_hook_active"[[:space:]]*:[[:space:]]*true' && exit 0

session=$(field session_id)
case $session in
  '' | *[!A-Za-z0-9_.-]*) echo "followup.sh: the event has no usable session_id (got '$session')" >&2; exit 1 ;;
esac
if [ -z "${HOOKD_SOCKET:-}" ]; then
  echo 'followup.sh: HOOKD_SOCKET is not set (run this hook through hookd)' >&2
  exit 1
fi

dir=${HOOKD_FOLLOWUP_DIR:-${HOOKD_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/hookd}/followups}
marker=$dir/$session
[ -e "$marker" ] && exit 0
mkdir -p "$dir" || exit 1

message=${HOOKD_FOLLOWUP_MESSAGE:-Summarise what you changed, how you checked it, and what is left to do.}
text=$(printf '%s' "$message" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr '\n\t' '  ' | tr -d '\000-\037')

printf '{"text":"%s"}' "$text" |
  curl -fsS --max-time 30 --unix-socket "$HOOKD_SOCKET" -X POST "http://hookd/api/v0/sessions/$session/messages" \
    -H 'content-type: application/json' --data-binary @- || exit 1
: >"$marker"
