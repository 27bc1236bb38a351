#!/bin/sh
# log-event.sh: append each agent event to a JSON-lines log, rotated by size.
#
#   Set up:  hookd install --add log
#   Input:   the event JSON on stdin, as the daemon passes it.
#   Writes:  one line per event: {"time": "…Z", "event_id": "…", "event": {the event as sent}}
#   Env:     HOOKD_LOG_FILE       the log (default: $HOOKD_STATE_DIR/events.jsonl, else
#                                 ${XDG_STATE_HOME:-~/.local/state}/hookd/events.jsonl)
#            HOOKD_LOG_MAX_BYTES  rotate once the log reaches this size (default 1048576)
#            HOOKD_LOG_KEEP       rotated files to keep: events.jsonl.1 (newest) … .N (default 3)
#   Needs:   sh, wc, mv; jq is used to compact the event when it is installed.
#   Read it: jq -c 'select(.event.hook_event_name == "Stop")' ~/.local/state/hookd/events.jsonl

event=$(cat)
file=${HOOKD_LOG_FILE:-${HOOKD_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/hookd}/events.jsonl}
max=${HOOKD_LOG_MAX_BYTES:-1048576}
keep=${HOOKD_LOG_KEEP:-3}
case $max$keep in
  *[!0-9]*) echo "log-event.sh: HOOKD_LOG_MAX_BYTES and HOOKD_LOG_KEEP must be whole numbers (got '$max', '$keep')" >&2; exit 1 ;;
esac
[ "$keep" -ge 1 ] || { echo 'log-event.sh: HOOKD_LOG_KEEP must be 1 or more' >&2; exit 1; }

case $file in */*) mkdir -p "${file%/*}" || exit 1 ;; esac

# One line: JSON keeps raw newlines only as whitespace between tokens, so turning them into spaces
# is safe when jq is not there to compact the event.
compact=
command -v jq >/dev/null 2>&1 && compact=$(printf '%s' "$event" | jq -c . 2>/dev/null)
[ -n "$compact" ] || compact=$(printf '%s' "$event" | tr '\r\n' '  ')
[ -n "$compact" ] || compact=null

size=$(wc -c <"$file" 2>/dev/null | tr -d ' ')
if [ "${size:-0}" -ge "$max" ]; then
  i=$keep
  rm -f "$file.$i"
  while [ "$i" -gt 1 ]; do
    [ -f "$file.$((i - 1))" ] && mv -f "$file.$((i - 1))" "$file.$i"
    i=$((i - 1))
  done
  mv -f "$file" "$file.1"
fi

printf '{"time":"%s","event_id":"%s","event":%s}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${HOOKD_EVENT_ID:-}" "$compact" >>"$file"
