#!/bin/sh
# webhook.sh: post each agent event to a web hook: ntfy, Slack, or anything that takes JSON.
#
#   Set up:  hookd install --add webhook, and give the daemon HOOKD_WEBHOOK_URL (for the service:
#            export it, then run hookd service install again).
#   Input:   the event JSON on stdin, as the daemon passes it.
#   Env:     HOOKD_WEBHOOK_URL     where to post, e.g. https://ntfy.sh/my-topic or
#                                  https://hooks.slack.com/services/T000/B000/XXXX (required)
#            HOOKD_WEBHOOK_FORMAT  ntfy   the message as plain text, with Title and Tags headers
#                                  slack  {"text": "*TITLE*: MESSAGE"}
#                                  json   the event as sent
#                                  (default: slack for hooks.slack.com, ntfy when the URL says ntfy, else json)
#   Exit:    1 (a failed run in hookd status) when the URL is unset or the post fails.
#   Needs:   sh, sed, curl; jq is used to read the event when it is installed.

# The x keeps the event's trailing newline, which $(…) would strip: the json format posts it as sent.
event=$(cat; echo x)
event=${event%x}
url=${HOOKD_WEBHOOK_URL:-}
if [ -z "$url" ]; then
  echo 'webhook.sh: HOOKD_WEBHOOK_URL is not set; nothing was posted' >&2
  exit 1
fi

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
case $name in
  Notification) body=$(field message) ;;
  Stop) body=finished ;;
  SubagentStop) body='subagent finished' ;;
  SessionEnd) reason=$(field reason); body="session ended${reason:+ ($reason)}" ;;
  *) body=$name ;;
esac
body=${body:-$name}
cwd=$(field cwd)
title="Agent${cwd:+ · ${cwd##*/}}"
# Headers are one line each: no CR or LF from the event may reach them.
title=$(printf '%s' "$title" | tr -d '\r\n')

format=${HOOKD_WEBHOOK_FORMAT:-}
if [ -z "$format" ]; then
  case $url in
    *hooks.slack.com*) format=slack ;;
    *ntfy*) format=ntfy ;;
    *) format=json ;;
  esac
fi

# json_string TEXT: TEXT as the inside of a JSON string.
json_string() {
  printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr '\n\t' '  ' | tr -d '\000-\037'
}

# The body goes through stdin (@-): a message starting with @ must not make curl read a file.
case $format in
  ntfy) printf '%s' "$body" | curl -fsS --max-time 10 -H "Title: $title" -H 'Tags: robot' --data-binary @- "$url" ;;
  slack) printf '{"text":"*%s*: %s"}' "$(json_string "$title")" "$(json_string "$body")" |
    curl -fsS --max-time 10 -H 'Content-Type: application/json' --data-binary @- "$url" ;;
  json) printf '%s' "$event" | curl -fsS --max-time 10 -H 'Content-Type: application/json' --data-binary @- "$url" ;;
  *) echo "webhook.sh: HOOKD_WEBHOOK_FORMAT must be ntfy, slack or json, not $format" >&2; exit 1 ;;
esac
