/*
 * The bytes of the two records the native bridge stores, before the payload (inbox-writer.c writes
 * them): hookd emit's event, `hookd-record 1` (src/inbox/record-format.ts, serializeRecord), and the
 * synchronous bridge's run, `hookd-run 1` (src/inbox/run-record.ts, serializeRun). Every name and
 * list comes generated from the TypeScript that owns it (hookd-shared.h); the order of the fields is
 * the TypeScript's, which test/bridge/record-bytes.test.ts holds them to, byte for byte. No file and
 * no system call here (the environment only), so a port to another system reuses this file as it is.
 */
#include "bridge.h"

extern char **environ;

static int is_word(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/* Whether `name` (of `len` bytes) is one of the NUL-separated `list` (how 0), starts with one (1) or ends with one (2). */
static int listed(const char *name, size_t len, const char *list, int how) {
  for (const char *p = list; *p; p += strlen(p) + 1) {
    size_t k = strlen(p);
    if (how == 0 ? (k == len && strncmp(name, p, k) == 0)
        : k <= len && strncmp(how == 1 ? name : name + len - k, p, k) == 0) return 1;
  }
  return 0;
}

/* Whether the command names the variable as $NAME or ${NAME} (client-env.ts, namedVariables). */
static int named(const char *command, const char *name, size_t len) {
  for (const char *p = strchr(command, '$'); p; p = strchr(p + 1, '$')) {
    const char *w = p[1] == '{' ? p + 2 : p + 1;
    size_t k = 0;
    while (is_word(w[k])) k++;
    if (k == len && strncmp(w, name, len) == 0) return 1;
  }
  return 0;
}

/* client-env.ts, isCarried: never hookd's own; a named one; no other secret; the client's, the terminal's, PATH. */
static int carried(const char *command, const char *name, size_t len) {
  if (strncmp(name, OWN_PREFIX, strlen(OWN_PREFIX)) == 0) return 0;
  if (named(command, name, len)) return 1;
  if (listed(name, len, SECRET_SUFFIXES, 2)) return 0;
  return listed(name, len, CARRIED_EXACT, 0) || listed(name, len, CARRIED_PREFIXES, 1) || listed(name, len, CARRIED_SUFFIXES, 2);
}

int event_record_head(struct buf *b, const char *command, const char *event, const char *cwd, int canonical) {
  int failed = buf_add(b, RECORD_MAGIC, strlen(RECORD_MAGIC)) | buf_add(b, command, strlen(command) + 1);
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    size_t len = eq ? (size_t)(eq - *e) : 0;
    int valid = len > 0 && !((*e)[0] >= '0' && (*e)[0] <= '9');
    for (size_t k = 0; valid && k < len; k++) valid = is_word((*e)[k]);
    if (valid && carried(command, *e, len)) failed |= buf_add(b, *e, strlen(*e) + 1);
  }
  const char *notes[][2] = { { NOTE_EVENT, event }, { NOTE_CWD, cwd }, { NOTE_CANONICAL, canonical ? "1" : NULL } };
  for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++) {
    if (!notes[i][1]) continue;
    failed |= buf_add(b, notes[i][0], strlen(notes[i][0])) | buf_add(b, "=", 1) | buf_add(b, notes[i][1], strlen(notes[i][1]) + 1);
  }
  return failed | buf_add(b, "", 1);
}

/* A fact, name=value and its NUL; none for a value the run does not have. */
static int fact(struct buf *b, const char *name, const char *value) {
  if (!value) return 0;
  return buf_add(b, name, strlen(name)) | buf_add(b, "=", 1) | buf_add(b, value, strlen(value) + 1);
}

static int factn(struct buf *b, const char *name, long long value) {
  char number[24];
  snprintf(number, sizeof number, "%lld", value);
  return fact(b, name, number);
}

int run_record_head(struct buf *b, const struct run *r) {
  int failed = buf_add(b, RUN_MAGIC, strlen(RUN_MAGIC)) | buf_add(b, r->command, strlen(r->command) + 1);
  /* A run the bridge failed reads as one that could not be seen through, with why (src/transport/bridged-run.ts). */
  failed |= fact(b, FACT_CLIENT, r->client) | fact(b, FACT_EVENT, r->event) | fact(b, FACT_CWD, r->cwd) | fact(b, FACT_SPAWN_ERROR, r->internal_error);
  failed |= fact(b, FACT_ANSWER, r->answer) | fact(b, FACT_WARM, r->warm);
  /* The client's variables the record keeps (RECORD_ENV_*, recordEnv), in the environment's order: its
   * trace context (issue 25: hookd's span of this run is a child of the client's), and its project
   * directories (the run's project, src/payload/project-of.ts). */
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    size_t len = eq ? (size_t)(eq - *e) : 0;
    if (len && (listed(*e, len, RECORD_ENV_EXACT, 0) || listed(*e, len, RECORD_ENV_SUFFIX "\0", 2)))
      failed |= buf_add(b, ENV_FACT_PREFIX, strlen(ENV_FACT_PREFIX)) | buf_add(b, *e, strlen(*e) + 1);
  }
  failed |= factn(b, FACT_TIMEOUT_MS, r->timeout_ms);
  failed |= factn(b, FACT_STARTED_AT, r->started_at) | factn(b, FACT_ENDED_AT, r->ended_at) | factn(b, FACT_DURATION_MS, r->duration_ms);
  /* Unsigned: a Windows exit code past 2^31 (a crash's NTSTATUS, 0xC0000005) is one, never a negative number. */
  failed |= r->signal ? factn(b, FACT_SIGNAL, r->signal) : factn(b, FACT_EXIT_CODE, (long long)(unsigned)r->exit_code);
  if (r->timed_out) failed |= factn(b, FACT_TIMED_OUT, 1);
  failed |= factn(b, FACT_PAYLOAD_BYTES, (long long)r->payload->len);
  /* The whole stdout the client was handed (the daemon reads the decision from all of it); the first bytes of stderr. */
  failed |= factn(b, FACT_STDOUT_BYTES, (long long)r->out_bytes) | factn(b, FACT_STDOUT_KEPT, (long long)r->out->len);
  failed |= factn(b, FACT_STDERR_BYTES, (long long)r->err_bytes) | factn(b, FACT_STDERR_KEPT, (long long)r->err->len);
  return failed | buf_add(b, "", 1);
}
