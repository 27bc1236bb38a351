/*
 * hookd emit, the asynchronous bridge, in C: the front door (front-door.c) runs it on every event the
 * client hands over, so the agent waits for one exec instead of a shell reading bin/hookd. It stores
 * the event exactly as bin/hookd's hookd_emit and src/commands/emit.ts do: the same record
 * (src/inbox/record-format.ts), the same variables carried (src/payload/client-env.ts), the same
 * checks and messages, always exit 0 (a failing bridge must not fail the agent), silent on stdout.
 * Every list and name comes generated from the TypeScript that owns it (hookd-shared.h).
 */
#include "bridge.h"

extern char **environ;

static int say(const char *message, const char *what) {
  fprintf(stderr, "hookd emit: ");
  fprintf(stderr, message, what);
  fputc('\n', stderr);
  return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
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

/* The record's header: the command, the carried variables and the bridge's notes, each NUL-ended, then the empty field. */
static int header(struct buf *b, const char *command, const char *event, int canonical) {
  int failed = buf_add(b, RECORD_MAGIC, strlen(RECORD_MAGIC)) | buf_add(b, command, strlen(command) + 1);
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    size_t len = eq ? (size_t)(eq - *e) : 0;
    int valid = len > 0 && !((*e)[0] >= '0' && (*e)[0] <= '9');
    for (size_t k = 0; valid && k < len; k++) valid = is_word((*e)[k]);
    if (valid && carried(command, *e, len)) failed |= buf_add(b, *e, strlen(*e) + 1);
  }
  char cwd[4096];
  const char *here = getcwd(cwd, sizeof cwd) ? cwd : getenv("PWD");
  const char *notes[][2] = { { NOTE_EVENT, event }, { NOTE_CWD, here }, { NOTE_CANONICAL, canonical ? "1" : NULL } };
  for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++) {
    if (!notes[i][1]) continue;
    failed |= buf_add(b, notes[i][0], strlen(notes[i][0])) | buf_add(b, "=", 1) | buf_add(b, notes[i][1], strlen(notes[i][1]) + 1);
  }
  return failed | buf_add(b, "", 1);
}

/* `given` as JSON.stringify writes it (the state directory's message says it so, as Node does). */
static void json_quoted(const char *given, char *out, size_t size) {
  size_t o = 0;
  out[o++] = '"';
  for (const unsigned char *p = (const unsigned char *)given; *p && o + 8 < size; p++) {
    const char *esc = *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : *p == '\n' ? "\\n" : *p == '\r' ? "\\r" : *p == '\t' ? "\\t" : *p == '\b' ? "\\b" : *p == '\f' ? "\\f" : NULL;
    if (esc) o += (size_t)snprintf(out + o, size - o, "%s", esc);
    else if (*p < 0x20) o += (size_t)snprintf(out + o, size - o, "\\u%04x", *p);
    else out[o++] = (char)*p;
  }
  out[o++] = '"';
  out[o] = 0;
}

static int not_ours(const char *state) {
  struct stat st;
  return stat(state, &st) == 0 && st.st_uid != geteuid();
}

/* The record in tmp/, then its commit marker in new/ (src/inbox/write-record.ts); nothing left on failure. */
static int store(const char *inbox, const struct buf *head, const char *payload_word) {
  char tmp[4400], marker[4400];
  int fd = -1;
  for (int n = 0; n < 50 && fd < 0; n++) {
    char id[64];
    snprintf(id, sizeof id, "c%d.%lld.%d", (int)getpid(), now_ms(CLOCK_REALTIME), n);
    snprintf(tmp, sizeof tmp, "%s/tmp/%s", inbox, id), snprintf(marker, sizeof marker, "%s/new/%s", inbox, id);
    if (access(marker, F_OK) == 0) continue;
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  }
  if (fd < 0) return say("cannot create a record in %s/tmp (no permission?)", inbox);
  int failed = write_all(fd, head->data, head->len);
  if (!failed) failed = payload_word ? write_all(fd, payload_word, strlen(payload_word)) : read_event(NULL, fd, -1) == READ_FAILED;
  failed |= close(fd);
  int m = failed ? -1 : open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (m >= 0 && close(m) == 0) return 0;
  (void)unlink(tmp);
  return say("could not store the event in %s (disk full or no permission?); it was not delivered", inbox);
}

int emit_bridge(int argc, char **argv) {
  const char *given[EMIT_OPTION_COUNT] = {0};
  /* A file-size limit (ulimit -f) fails a write as a full disk does (EFBIG), instead of ending this
   * process with SIGXFSZ half-way through the record: the bridge still exits 0 and says why. */
  (void)signal(SIGXFSZ, SIG_IGN);
  int i = 0;
  /* The options by parseBridgeArgs's rule (src/clients/bridge-options.ts; hookd-bridge.c's read_options
   * the same): a word it cannot read stores nothing, rather than a command the daemon runs as `sh -c --opt`. */
  for (; i < argc; i++) {
    const char *word = argv[i];
    if (strcmp(word, "--") == 0 || strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0 || word[0] != '-') break;
    const char *equals = strncmp(word, "--", 2) == 0 ? strchr(word, '=') : NULL;
    size_t flag_len = equals ? (size_t)(equals - word) : strlen(word);
    int k = 0;
    const char *flag = EMIT_OPTION_FLAGS;
    while (k < EMIT_OPTION_COUNT && !(strlen(flag) == flag_len && strncmp(word, flag, flag_len) == 0)) flag += strlen(flag) + 1, k++;
    if (k == EMIT_OPTION_COUNT) return say("cannot read its options (unknown option %s); the event was not stored", word);
    if (EMIT_OPTION_VALUED[k] == '0' && equals) {
      fprintf(stderr, "hookd emit: cannot read its options (%s takes no value (%s)); the event was not stored\n", flag, word);
      return 0;
    }
    if (EMIT_OPTION_VALUED[k] == '0') given[k] = "1";
    else if (equals) given[k] = equals + 1;
    else if (i + 1 < argc) given[k] = argv[++i];
    else return say("cannot read its options (%s needs a value); the event was not stored", word);
  }
  if (i < argc && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) return EMIT_ASKS_HELP;
  if (i < argc && strcmp(argv[i], "--") == 0) i++;
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
  char state[4096], inbox[4200], dir[4300], quoted[4200];
  if (state_dir(given[EMIT_STATE_DIR], state, sizeof state) != 0) {
    const char *flag = given[EMIT_STATE_DIR];
    json_quoted(flag && *flag ? flag : getenv(STATE_DIR_VARIABLE), quoted, sizeof quoted);
    return say("the state directory must be an absolute path (or start with ~/), got %s; the event was not stored", quoted);
  }
  umask(077);
  /* The daemon's rule (src/daemon/state-dir.ts): the state directory is ours, checked before anything is
   * made there and again after making the inbox (another user could have made it in between). */
  if (not_ours(state)) return say("the state directory %s belongs to another user; the event was not stored", state);
  snprintf(inbox, sizeof inbox, "%s/inbox", state);
  snprintf(dir, sizeof dir, "%s/new", inbox);
  if (access(dir, F_OK) != 0) {
    snprintf(dir, sizeof dir, "%s/tmp", inbox);
    int made = mkdirs(dir) == 0 && (snprintf(dir, sizeof dir, "%s/new", inbox), mkdirs(dir) == 0);
    if (!made) return say("cannot create the inbox %s", inbox);
    if (not_ours(state)) return say("the state directory %s belongs to another user; the event was not stored", state);
  }
  if (header(&head, command.data, given[EMIT_EVENT], given[EMIT_CANONICAL] != NULL)) return say("%s", "internal error (no memory for the record); the event was not stored");
  return store(inbox, &head, payload_word);
}
