/*
 * hookd-bridge: the hot paths of hookd's bridges, the code the agent client waits on.
 *
 *   hookd-bridge read
 *       copy one event from stdin to stdout (the asynchronous bridge, `hookd emit`, stores it).
 *   hookd-bridge sync [--canonical] [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] [--] CMD...
 *       the synchronous bridge: run CMD (`/bin/sh -c`) on the event, in a process group of its own,
 *       under hookd's deadline (fired before the client's own timeout); hand the client the hook's
 *       stdout, stderr and exit code unchanged (a --canonical hook's answer in the client's terms,
 *       canonical-answer.c); record the run in the inbox for the daemon.
 *
 * Why C: the agent waits on this for every deciding hook. Node's start-up alone is about 40 ms on
 * this machine, fifteen times a trivial hook; sh cannot stop reading stdin at the end of a JSON
 * value (a client that leaves stdin open would hold it) nor watch pipes and a deadline at once.
 * One exec of this program costs what one `cat` costs (bench/sync-bridge.mjs measures it).
 * Without a C compiler, bin/hookd falls back to the same bridge in Node (src/bridge/).
 *
 * Both read stdin the same way: until the end of one JSON value (with what arrived in the same
 * read, so a trailing newline is kept), EOF, a wait without a byte (IDLE_MS, FIRST_BYTE_MS), or
 * hookd's deadline. Generated, never copied: the contracts come from the profiles via contracts.h,
 * the options from src/clients/bridge-options.ts; the numbers, the deadline (hookdDeadlineMs), the
 * state directory's rule and the record's names from the TypeScript that owns each, via hookd-shared.h.
 * What the C does with them follows src/bridge/ (the Node bridge) and src/inbox/run-record.ts.
 */
#include "bridge.h"
#include "contracts.h"

/* The parts: front-door.c (main: the program's two names, and Node for every other command), emit.c
 * (hookd emit), bridge-options.c (both bridges' options), read-event.c (the event from stdin), event-name.c
 * (the event it names), run-hook.c (the hook, in line), end-hook.c (ending it), run-record.c (the run's
 * record), record-bytes.c (both records' bytes), inbox-writer.c (the one writer of both), json-string.c
 * (JSON as Node writes it), front-door-place.c (taking bin/hookd's place); docs/design.md says which
 * TypeScript rule each mirrors and the test that holds them together. */

/* ---- which client, which event ---- */

/* Whether one of the variables of `c` is set: the client that runs this bridge. */
static int runs_here(const struct contract *c) {
  for (const char *m = c->markers; *m; m += strlen(m) + 1)
    if (getenv(m)) return 1;
  return 0;
}

/* The client an answer is told to: the one named, unless a client that reads only its own answers runs
 * its files here (src/clients/registry.ts, answeringClient: Grok CLI running Claude Code's settings.json). */
static const struct contract *answering(const struct contract *named) {
  for (size_t i = 0; i < sizeof CONTRACTS / sizeof CONTRACTS[0]; i++)
    for (const char *o = CONTRACTS[i].answers_for; *o; o += strlen(o) + 1)
      if (strcmp(o, named->id) == 0 && runs_here(&CONTRACTS[i])) return &CONTRACTS[i];
  return named;
}

static const struct contract *find_contract(const char *id) {
  for (size_t i = 0; i < sizeof CONTRACTS / sizeof CONTRACTS[0]; i++) {
    if (id && strcmp(CONTRACTS[i].id, id) == 0) return answering(&CONTRACTS[i]);
  }
  if (id) return &GENERIC;
  for (size_t i = 0; i < sizeof CONTRACTS / sizeof CONTRACTS[0]; i++)
    if (runs_here(&CONTRACTS[i])) return &CONTRACTS[i];
  return &GENERIC;
}

static const char *empty_answer(const struct contract *c, const char *event) {
  for (const char *p = c->empty_answers; *p; p += strlen(p) + 1) {
    const char *answer = p + strlen(p) + 1;
    if (strcmp(p, event) == 0) return answer;
    p = answer;
  }
  return NULL;
}

/* What no hook inherits (src/runner/hook-env.ts, inheritedByHooks): hookd's secrets (WITHHELD in
 * contracts.h), and the canonical fields (canonical-input.c), which only this bridge may set, afresh,
 * for a --canonical hook. The hook inherits this environment, so they leave it; nothing the bridge
 * reads after is among them. -1 without memory. */
static int withhold_inherited(void) {
  for (const char *name = WITHHELD; *name; name += strlen(name) + 1) (void)unsetenv(name); /* fails only for a name holding "=", which none does */
  return clear_canonical_env();
}

/* The answer when the bridge itself failed the run: the hook's stdout is withheld (never a cut or
 * unchecked answer), and the exit code is one every client reads as a failed hook. */
static int internal_error(const struct run *r) {
  fprintf(stderr, "hookd sync: %s\n", r->internal_error);
  return INTERNAL_ERROR_EXIT;
}

/* Whether exit 1 blocks on `event` (clients/contract.ts, blocks): the event's own entry, else `*`'s. */
static int exit1_blocks(const struct contract *c, const char *event) {
  for (const char *want = event; want; want = strcmp(want, "*") ? "*" : NULL) {
    for (const char *p = c->exit1_blocks; *p; p += strlen(p) + 1) {
      const char *flag = p + strlen(p) + 1;
      if (strcmp(p, want) == 0) return *flag == '1';
      p = flag;
    }
  }
  return 0;
}

/* A canonical hook's answer in the client's terms (canonical-answer.c); the record keeps what the client was handed. */
static int canonical(const struct contract *contract, struct run *r) {
  static struct client_answer a;
  const char *silent = empty_answer(contract, r->event);
  if (canonical_answer(contract->id, r->event, exit1_blocks(contract, r->event), silent ? silent : "", r->exit_code, r->out, r->err, &a) != 0) {
    r->internal_error = "internal error (no memory for the canonical answer); the hook's answer was withheld";
    return internal_error(r);
  }
  (void)write_all(2, a.err.data, a.err.len);
  (void)write_all(1, a.out.data, a.out.len);
  r->out->len = 0;
  if (buf_add(r->out, a.out.data ? a.out.data : "", a.out.len) != 0 || buf_add(r->err, a.err.data ? a.err.data : "", a.err.len) != 0) r->out->len = 0;
  /* What the client was handed, whole: the answer's stdout, the hook's kept stderr and the answer's (sync.ts records the same). */
  r->out_bytes = r->out->len, r->err_bytes = r->err->len;
  r->exit_code = a.exit_code;
  return a.exit_code;
}

int sync_bridge(int argc, char **argv, long long t0) {
  const char *given[SYNC_OPTION_COUNT] = {0};
  static char unreadable[512], refused[640];
  int help;
  /* The options by the one table (src/clients/bridge-options.ts, generated into contracts.h). A help word is read
   * only as `hookd sync --help`, which Node prints: anywhere else it is unreadable, and CMD starts at it. */
  int i = read_bridge_options(SYNC_OPTIONS, SYNC_OPTION_COUNT, argc, argv, given, &help, unreadable, sizeof unreadable);
  if (help) snprintf(unreadable, sizeof unreadable, "%s is read only as hookd sync %s", argv[i], argv[i]);
  const char *client = given[SYNC_CLIENT], *event = given[SYNC_EVENT], *given_state = given[SYNC_STATE_DIR];
  double timeout_sec = given[SYNC_TIMEOUT] ? atof(given[SYNC_TIMEOUT]) : 0;
  struct buf command = {0};
  int no_memory = 0;
  for (int j = i; j < argc; j++) {
    if (j > i) no_memory |= buf_add(&command, " ", 1);
    no_memory |= buf_add(&command, argv[j], strlen(argv[j]));
  }
  no_memory |= buf_add(&command, "", 1);
  if (no_memory) {
    fputs("hookd sync: internal error (no memory for the command); the hook did not run\n", stderr);
    return INTERNAL_ERROR_EXIT;
  }
  if (command.len <= 1 || strspn(command.data, " ") == command.len - 1) {
    fputs("hookd sync: no command given; write: hookd sync -- CMD\n", stderr);
    return 0; /* nothing ran, nothing was decided: the client goes on as without a hook */
  }
  struct buf payload = {0}, out = {0}, err = {0}, found_event = {0};
  const struct contract *contract = find_contract(client);
  char cwd[4096];
  struct run r = { .command = command.data, .client = contract->id, .payload = &payload, .out = &out, .err = &err, .t0 = t0 };
  r.cwd = getcwd(cwd, sizeof cwd);
  /* The client's timeout as written, else its default; a day at most (src/clients/contract.ts, inLineTimeoutSec). */
  if (!(timeout_sec > 0)) timeout_sec = contract->default_timeout_sec;
  if (timeout_sec > MAX_TIMEOUT_SEC) timeout_sec = MAX_TIMEOUT_SEC;
  r.timeout_ms = (long long)(timeout_sec * 1000);
  r.deadline_ms = hookd_deadline_ms(r.timeout_ms); /* hookdDeadlineMs, generated into hookd-shared.h */
  static char why[256];
  /* Words it cannot read: nothing runs, and the client reads a failed hook (INTERNAL_ERROR_EXIT), never
   * `sh -c --opt`'s exit 2, a block nobody decided. */
  if (*unreadable) snprintf(refused, sizeof refused, "cannot read its options (%s); the hook did not run", unreadable), r.internal_error = refused;
  /* A file-size limit (ulimit -f) must fail the record's write as a full disk does, never kill the bridge
   * with SIGXFSZ after the hook decided (the client would read the signal's exit, not the hook's answer).
   * The hook gets both signals back at their defaults (run-hook.c). */
  if (signal(SIGPIPE, SIG_IGN) == SIG_ERR || signal(SIGXFSZ, SIG_IGN) == SIG_ERR) snprintf(why, sizeof why, "internal error (signal: %s); the hook did not run", strerror(errno)), r.internal_error = why;
  if (withhold_inherited() != 0 && !r.internal_error) snprintf(why, sizeof why, "internal error (no memory to clear the canonical fields); the hook did not run"), r.internal_error = why;
  /* One deadline, counted from the bridge's start, covers reading the event too: a client that
   * trickles it gets the answer of a timeout, with no hook run on half an event. */
  enum read_result got = r.internal_error ? READ_DONE : read_event(&payload, -1, t0 + r.deadline_ms);
  if (got == READ_FAILED) snprintf(why, sizeof why, "internal error (reading the event: %s); the hook did not run", strerror(errno)), r.internal_error = why;
  if (got == READ_PAST_DEADLINE) r.timed_out = 1;
  if (!event) event_name(&payload, &found_event), event = found_event.len ? found_event.data : "";
  r.event = event;
  /* --warm implies --canonical (src/clients/bridge-options.ts, speaksCanonical). */
  const int canonical_hook = given[SYNC_CANONICAL] || given[SYNC_WARM];
  int answered = 0;
  if (given[SYNC_WARM] && !r.internal_error && !r.timed_out) {
    /* The daemon's warm handler first, within a quarter of what is left (WARM_BUDGET_MS at most); whatever
     * it cannot answer runs cold below, exactly as without it (src/bridge/sync.ts does the same). */
    static char warm_why[512];
    char cold_why[400];
    long long left = t0 + r.deadline_ms - now_ms(CLOCK_MONOTONIC), budget = left / 4 < WARM_BUDGET_MS ? left / 4 : WARM_BUDGET_MS;
    long long asked_at = now_ms(CLOCK_MONOTONIC);
    r.started_at = now_ms(CLOCK_REALTIME);
    if (budget > 0 && ask_warm(given_state, &r, budget, &out, cold_why, sizeof cold_why) == 0) {
      answered = 1, r.started = 1, r.exit_code = 0, r.out_bytes = out.len, r.warm = WARM_ANSWERED;
      r.ended_at = now_ms(CLOCK_REALTIME), r.duration_ms = now_ms(CLOCK_MONOTONIC) - asked_at;
    } else {
      out.len = 0;
      snprintf(warm_why, sizeof warm_why, "cold: %s", budget > 0 ? cold_why : "no time left for the warm path");
      r.warm = warm_why;
    }
  }
  /* A canonical hook gets the canonical fields beside the payload (canonical-input.c). */
  if (canonical_hook && !answered && !r.internal_error && !r.timed_out && set_canonical_env(contract->id, event, &payload) != 0) {
    snprintf(why, sizeof why, "internal error (setting the canonical fields: %s); the hook did not run", strerror(errno)), r.internal_error = why;
  }
  if (!answered && !r.internal_error && !r.timed_out) run_hook(&r);
  if (!r.started) r.started_at = r.ended_at = now_ms(CLOCK_REALTIME);
  int code;
  if (r.ended_by) {
    /* The client ended the bridge (and so the hook): nobody reads an answer; end as it asked. */
    record_run(given_state, &r);
    (void)signal(r.ended_by, SIG_DFL);
    (void)raise(r.ended_by); /* should it return, the exit code says the same */
    return 128 + r.ended_by;
  }
  if (r.internal_error) {
    code = internal_error(&r);
  } else if (r.timed_out) {
    /* The hook's stderr already went to the client as it came; hookd's note follows it. */
    if (r.started) fprintf(stderr, "hookd sync: the hook timed out after %.1f s; hookd ended it\n", (double)r.deadline_ms / 1000.0);
    else fprintf(stderr, "hookd sync: the client was still sending the event after %.1f s; the hook did not run, and hookd answers as for a timeout\n", (double)r.deadline_ms / 1000.0);
    (void)write_all(1, contract->timeout_stdout, strlen(contract->timeout_stdout));
    code = contract->timeout_exit;
  } else if (canonical_hook && !r.signal) {
    code = canonical(contract, &r);
  } else {
    /* Codex's Stop needs JSON: its empty answer goes only to a hook that exited 0 and said nothing (never to one a signal ended). */
    if (!r.signal && r.exit_code == 0 && out.len == 0 && (r.answer = empty_answer(contract, r.event))) (void)write_all(1, r.answer, strlen(r.answer));
    /* A client that stopped reading gets nothing more; what the hook decided is recorded all the same. */
    (void)write_all(1, out.data, out.len);
    code = r.signal ? 128 + r.signal : r.exit_code;
  }
  record_run(given_state, &r);
  return code;
}
