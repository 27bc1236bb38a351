/*
 * hookd-bridge: the hot paths of hookd's bridges, the code the agent client waits on.
 *
 *   hookd-bridge read
 *       copy one event from stdin to stdout (the asynchronous bridge, `hookd emit`, stores it).
 *   hookd-bridge sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] [--] CMD...
 *       the synchronous bridge: run CMD (`/bin/sh -c`) on the event, in its own process group,
 *       under hookd's deadline (fired before the client's own timeout); hand the client the hook's
 *       stdout, stderr and exit code unchanged; record the run in the inbox for the daemon.
 *
 * Why C: the agent waits on this for every deciding hook. Node's start-up alone is about 40 ms on
 * this machine, fifteen times a trivial hook; sh cannot stop reading stdin at the end of a JSON
 * value (a client that leaves stdin open would hold it) nor watch pipes and a deadline at once.
 * One exec of this program costs what one `cat` costs (bench/sync-bridge.mjs measures it).
 * Without a C compiler, bin/hookd falls back to the same bridge in Node (src/bridge/).
 *
 * Both read stdin the same way: until the end of one JSON value (with what arrived in the same
 * read, so a trailing newline is kept), EOF, or a wait without a byte (IDLE_MS, FIRST_BYTE_MS).
 * Keep in step with src/bridge/ (the Node bridge), src/events/run-record.ts (the record) and
 * src/clients/contract.ts (hookdDeadlineMs; the contracts come from the profiles via contracts.h, the
 * options from src/clients/bridge-options.ts).
 */
#include "bridge.h"
#include "contracts.h"

/* The parts: read-event.c (the event from stdin), run-hook.c (the hook, in line), run-record.c (the inbox record). */

/* ---- which client, which event ---- */

static const struct contract *find_contract(const char *id) {
  for (size_t i = 0; i < sizeof CONTRACTS / sizeof CONTRACTS[0]; i++) {
    if (id && strcmp(CONTRACTS[i].id, id) == 0) return &CONTRACTS[i];
  }
  if (id) return &GENERIC;
  for (size_t i = 0; i < sizeof CONTRACTS / sizeof CONTRACTS[0]; i++) {
    for (const char *m = CONTRACTS[i].markers; *m; m += strlen(m) + 1) {
      if (getenv(m)) return &CONTRACTS[i];
    }
  }
  return &GENERIC;
}

/* The string value of "hook_event_name" in the payload, if it has one (copied into `out`). */
static void event_of(const struct buf *payload, char *out, size_t size) {
  const char *key = "\"hook_event_name\"";
  const char *end = payload->data + payload->len, *p = payload->data;
  while (p && (p = memmem(p, (size_t)(end - p), key, strlen(key)))) {
    p += strlen(key);
    while (p < end && (*p == ' ' || *p == ':' || *p == '\n' || *p == '\t' || *p == '\r')) p++;
    if (p < end && *p == '"') {
      size_t i = 0;
      for (p++; p < end && *p != '"' && *p != '\\' && i + 1 < size; p++) out[i++] = *p;
      out[i] = 0;
      return;
    }
  }
}

static const char *empty_answer(const struct contract *c, const char *event) {
  for (const char *p = c->empty_answers; *p; p += strlen(p) + 1) {
    const char *answer = p + strlen(p) + 1;
    if (strcmp(p, event) == 0) return answer;
    p = answer;
  }
  return NULL;
}

/*
 * Read the options before CMD by the one table (src/clients/bridge-options.ts, generated into
 * contracts.h), as the Node bridges do: a later one wins; a word that is none, or an option without
 * its value, ends them; then an optional `--`. Returns where CMD starts.
 */
static int read_options(int argc, char **argv, const char *given[SYNC_OPTION_COUNT]) {
  int i = 0;
  for (; i < argc; i++) {
    int k = 0;
    while (k < SYNC_OPTION_COUNT && strcmp(argv[i], SYNC_OPTIONS[k].flag) != 0) k++;
    if (k == SYNC_OPTION_COUNT) break;
    if (!SYNC_OPTIONS[k].valued) given[k] = "1";
    else if (i + 1 < argc) given[k] = argv[++i];
    else break;
  }
  if (i < argc && strcmp(argv[i], "--") == 0) i++;
  return i;
}

/* hookd's secrets reach no hook (src/runner/hook-env.ts, WITHHELD in contracts.h): the hook inherits
 * this environment, so they leave it; nothing the bridge reads after is among them. */
static void withhold_secrets(void) {
  for (const char *name = WITHHELD; *name; name += strlen(name) + 1) unsetenv(name);
}

static int sync_bridge(int argc, char **argv) {
  const char *given[SYNC_OPTION_COUNT] = {0};
  int i = read_options(argc, argv, given);
  const char *client = given[SYNC_CLIENT], *event = given[SYNC_EVENT], *given_state = given[SYNC_STATE_DIR];
  double timeout_sec = given[SYNC_TIMEOUT] ? atof(given[SYNC_TIMEOUT]) : 0;
  struct buf command = {0};
  for (int j = i; j < argc; j++) {
    if (j > i) buf_add(&command, " ", 1);
    buf_add(&command, argv[j], strlen(argv[j]));
  }
  buf_add(&command, "", 1);
  if (command.len <= 1 || strspn(command.data, " ") == command.len - 1) {
    fputs("hookd sync: no command given; write: hookd sync -- CMD\n", stderr);
    return 0; /* nothing ran, nothing was decided: the client goes on as without a hook */
  }
  struct buf payload = {0}, out = {0}, err = {0};
  read_event(&payload, -1);
  const struct contract *contract = find_contract(client);
  char found_event[128] = "", cwd[4096];
  if (!event && payload.len) event_of(&payload, found_event, sizeof found_event), event = found_event;
  struct run r = { .command = command.data, .client = contract->id, .event = event ? event : "", .payload = &payload, .out = &out, .err = &err };
  r.cwd = getcwd(cwd, sizeof cwd);
  /* The client's timeout as written, else its default; a day at most (src/clients/contract.ts, MAX_TIMEOUT_SEC). */
  if (!(timeout_sec > 0)) timeout_sec = contract->default_timeout_sec;
  if (timeout_sec > 86400) timeout_sec = 86400;
  r.timeout_ms = (long long)(timeout_sec * 1000);
  long long margin = r.timeout_ms / 10;
  margin = margin < 100 ? 100 : margin > 2000 ? 2000 : margin;
  r.deadline_ms = r.timeout_ms - margin > r.timeout_ms / 2 ? r.timeout_ms - margin : r.timeout_ms / 2;
  signal(SIGPIPE, SIG_IGN);
  withhold_secrets();
  run_hook(&r);
  int code;
  if (r.ended_by) {
    /* The client ended the bridge (and so the hook): nobody reads an answer; end as it asked. */
    record_run(given_state, &r);
    signal(r.ended_by, SIG_DFL);
    raise(r.ended_by);
    return 128 + r.ended_by;
  }
  if (r.spawn_error) {
    fprintf(stderr, "hookd sync: the hook could not start: %s\n", r.spawn_error);
    code = 1; /* a non-blocking error, as the client reads a hook that failed */
  } else if (r.timed_out) {
    write_all(2, err.data, err.len);
    fprintf(stderr, "hookd sync: the hook timed out after %.1f s; hookd ended it\n", r.deadline_ms / 1000.0);
    write_all(1, contract->timeout_stdout, strlen(contract->timeout_stdout));
    code = contract->timeout_exit;
  } else {
    if (r.exit_code == 0 && out.len == 0 && (r.answer = empty_answer(contract, r.event))) write_all(1, r.answer, strlen(r.answer));
    write_all(1, out.data, out.len);
    write_all(2, err.data, err.len);
    code = r.signal ? 128 + r.signal : r.exit_code;
  }
  record_run(given_state, &r);
  return code;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "read") == 0) {
    signal(SIGPIPE, SIG_IGN);
    read_event(NULL, 1);
    return 0;
  }
  if (argc >= 2 && strcmp(argv[1], "sync") == 0) return sync_bridge(argc - 2, argv + 2);
  fputs("usage: hookd-bridge read | hookd-bridge sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] -- CMD\n", stderr);
  return 2;
}

