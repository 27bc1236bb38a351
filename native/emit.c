/*
 * hookd emit, the asynchronous bridge, in C: the front door (front-door.c) runs it on every event the
 * client hands over, so the agent waits for one exec instead of a shell reading bin/hookd. It stores
 * the event exactly as bin/hookd's hookd_emit and src/commands/emit.ts do: the same record
 * (src/inbox/record-format.ts: its bytes record-bytes.c's, written by inbox-writer.c, the writer the
 * run record shares), the same variables carried (src/payload/client-env.ts), the same checks and
 * messages, always exit 0 (a failing bridge must not fail the agent), silent on stdout.
 * Every list and name comes generated from the TypeScript that owns it (hookd-shared.h).
 */
#include "bridge.h"

static int say(const char *message, const char *what) {
  fprintf(stderr, "hookd emit: ");
  fprintf(stderr, message, what);
  fputc('\n', stderr);
  return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

int emit_bridge(int argc, char **argv) {
  const char *given[EMIT_OPTION_COUNT] = {0};
  /* A file-size limit (ulimit -f) fails a write as a full disk does (EFBIG), instead of ending this
   * process with SIGXFSZ half-way through the record: the bridge still exits 0 and says why. */
  (void)signal(SIGXFSZ, SIG_IGN);
  static const struct bridge_option table[EMIT_OPTION_COUNT] = EMIT_OPTION_TABLE;
  char why[512];
  int help;
  /* A word it cannot read stores nothing, rather than a command the daemon runs as `sh -c --opt`. */
  int i = read_bridge_options(table, EMIT_OPTION_COUNT, argc, argv, given, &help, why, sizeof why);
  if (*why) return say("cannot read its options (%s); the event was not stored", why);
  if (help) return EMIT_ASKS_HELP;
  /* Codex's notify program gets the event as its last argument: split it off the command. */
  const char *payload_word = given[EMIT_PAYLOAD_ARG] && argc > i ? argv[--argc] : NULL;
  struct buf command = {0}, head = {0};
  int blank = 1;
  for (int j = i; j < argc; j++) {
    if ((j > i && buf_add(&command, " ", 1)) || buf_add(&command, argv[j], strlen(argv[j]))) return say("%s", "internal error (no memory for the command); the event was not stored");
    for (const char *c = argv[j]; *c && blank; c++) blank = is_space(*c);
  }
  if (blank || buf_add(&command, "", 1)) return say("%s", "no command given; write: hookd emit -- CMD");
  if (!given[EMIT_PAYLOAD_ARG] && isatty(0)) return say("%s", "no event on stdin (the agent client runs hookd emit with the event on stdin)");
  char state[4096];
  if (state_dir(given[EMIT_STATE_DIR], state, sizeof state) != 0) {
    /* Said as Node says it, the value as JSON (the flag's, else the variable's: only a set one can be unusable). */
    const char *flag = given[EMIT_STATE_DIR], *got = flag && *flag ? flag : getenv(STATE_DIR_VARIABLE);
    struct buf quoted = {0};
    int failed = json_string(&quoted, got, strlen(got)) | buf_add(&quoted, "", 1);
    return say("the state directory must be an absolute path (or start with ~/), got %s; the event was not stored", failed ? "(no memory to say it)" : quoted.data);
  }
  char cwd[4096];
  const char *here = getcwd(cwd, sizeof cwd) ? cwd : getenv("PWD");
  if (event_record_head(&head, command.data, given[EMIT_EVENT], here, given[EMIT_CANONICAL] != NULL)) return say("%s", "internal error (no memory for the record); the event was not stored");
  struct inbox_record rec;
  switch (inbox_open(state, &rec)) {
  case INBOX_OPEN: break;
  case INBOX_NOT_OURS: return say("the state directory %s belongs to another user; the event was not stored", state);
  case INBOX_NO_INBOX: return say("cannot create the inbox %s", rec.inbox);
  default: return say("cannot create a record in %s/tmp (no permission?)", rec.inbox);
  }
  int failed = inbox_write(&rec, head.data, head.len);
  if (!failed) failed = payload_word ? inbox_write(&rec, payload_word, strlen(payload_word)) : read_event(NULL, rec.fd, -1) == READ_FAILED;
  if (inbox_commit(&rec, failed) == INBOX_STORED) return 0;
  return say("could not store the event in %s (disk full or no permission?); it was not delivered", rec.inbox);
}
