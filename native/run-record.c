/*
 * The record of a finished run, `hookd-run 1` in the inbox of the state directory, which the daemon
 * turns into history (src/inbox/run-record.ts reads it). Best effort and silent: the client
 * already has the hook's answer, and a line from hookd on stderr would change what it reads.
 */
#include "bridge.h"

extern char **environ;

#ifdef _WIN32
/* Windows: home is the user's profile folder, a path is absolute with its drive (C:\ or C:/) or as a share
 * (\\server\share), and the default is under %LOCALAPPDATA%. Its backslashes become slashes, which
 * Windows reads alike, so the folders under it are named and made as here. */
#define HOME_VARIABLE "USERPROFILE"
#define IS_ABSOLUTE(s) ((isalpha((unsigned char)(s)[0]) && (s)[1] == ':' && ((s)[2] == '\\' || (s)[2] == '/')) || ((s)[0] == '\\' && (s)[1] == '\\'))
#else
#define HOME_VARIABLE "HOME"
#define IS_ABSOLUTE(s) ((s)[0] == '/')
#endif

int state_dir(const char *given, char *out, size_t size) {
  const char *home = getenv(HOME_VARIABLE) ? getenv(HOME_VARIABLE) : "";
  const char *s = given && *given ? given : getenv(STATE_DIR_VARIABLE); /* an empty flag is no flag, as in paths.ts */
  if (s && *s) {
    if (strcmp(s, "~") == 0) snprintf(out, size, "%s", home);
    else if (strncmp(s, "~/", 2) == 0) snprintf(out, size, "%s/%s", home, s + 2);
    else if (IS_ABSOLUTE(s)) snprintf(out, size, "%s", s);
    else return -1; /* the bridges' rule: an absolute path or one under ~ */
  } else {
#ifdef _WIN32
    const char *local = getenv(STATE_DIR_WINDOWS_VARIABLE);
    if (local && *local) snprintf(out, size, "%s/%s", local, STATE_DIR_NAME);
    else snprintf(out, size, "%s/%s/%s", home, STATE_DIR_WINDOWS_DEFAULT, STATE_DIR_NAME);
#elif defined __APPLE__
    snprintf(out, size, "%s/%s", home, STATE_DIR_MAC);
#else
    const char *xdg = getenv(STATE_DIR_XDG_VARIABLE);
    if (xdg && *xdg) snprintf(out, size, "%s/%s", xdg, STATE_DIR_NAME);
    else snprintf(out, size, "%s/%s/%s", home, STATE_DIR_XDG_DEFAULT, STATE_DIR_NAME);
#endif
  }
#ifdef _WIN32
  for (char *p = out; *p; p++) if (*p == '\\') *p = '/';
#endif
  return 0;
}

int mkdirs(char *path) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    (void)mkdir(path, 0700); /* exists already, or the last mkdir below says why not */
    *p = '/';
  }
  return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static void fact(FILE *f, const char *name, const char *value) {
  if (value) fprintf(f, "%s=%s%c", name, value, 0);
}

static void factn(FILE *f, const char *name, long long value) {
  fprintf(f, "%s=%lld%c", name, value, 0);
}

/* Store the finished run as `hookd-run 1` in the inbox (src/inbox/run-record.ts reads it). */
void record_run(const char *given_state, const struct run *r) {
  char state[4096], dir[4200], tmp[4300], marker[4300];
  struct stat st;
  umask(077);
  if (state_dir(given_state, state, sizeof state) != 0) return;
  /* The state directory must be ours, else another user would read the event (state-dir.ts). */
  if (stat(state, &st) == 0 && st.st_uid != getuid()) return;
  snprintf(dir, sizeof dir, "%s/inbox/new", state);
  if (mkdirs(dir) != 0) return;
  snprintf(dir, sizeof dir, "%s/inbox/tmp", state);
  if (mkdirs(dir) != 0) return;
  if (stat(state, &st) != 0 || st.st_uid != getuid()) return;
  int fd = -1;
  char id[64];
  for (int n = 0; n < 50 && fd < 0; n++) {
    snprintf(id, sizeof id, n ? "%d.%d" : "%d", (int)getpid(), n);
    snprintf(tmp, sizeof tmp, "%s/inbox/tmp/%s", state, id);
    snprintf(marker, sizeof marker, "%s/inbox/new/%s", state, id);
    if (access(marker, F_OK) == 0) continue;
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  }
  if (fd < 0) return;
  FILE *f = fdopen(fd, "w");
  if (!f) { (void)close(fd); (void)unlink(tmp); return; }
  fprintf(f, RUN_MAGIC "%s%c", r->command, 0);
  /* A run the bridge failed reads as one that could not be seen through, with why (src/transport/bridged-run.ts). */
  fact(f, FACT_CLIENT, r->client), fact(f, FACT_EVENT, r->event), fact(f, FACT_CWD, r->cwd), fact(f, FACT_SPAWN_ERROR, r->internal_error);
  fact(f, FACT_ANSWER, r->answer), fact(f, FACT_WARM, r->warm);
  /* The client's variables the record keeps (RECORD_ENV_*): its trace context (issue 25: hookd's span of
   * this run is a child of the client's), then its project directories (the run's project, src/payload/project-of.ts). */
  for (const char *name = RECORD_ENV_EXACT; *name; name += strlen(name) + 1) {
    char key[64];
    snprintf(key, sizeof key, ENV_FACT_PREFIX "%s", name);
    fact(f, key, getenv(name));
  }
  const size_t suffix = strlen(RECORD_ENV_SUFFIX);
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    if (eq && (size_t)(eq - *e) > suffix && strncmp(eq - suffix, RECORD_ENV_SUFFIX, suffix) == 0) fprintf(f, ENV_FACT_PREFIX "%s%c", *e, 0);
  }
  factn(f, FACT_TIMEOUT_MS, r->timeout_ms);
  factn(f, FACT_STARTED_AT, r->started_at), factn(f, FACT_ENDED_AT, r->ended_at), factn(f, FACT_DURATION_MS, r->duration_ms);
  /* Unsigned: a Windows exit code past 2^31 (a crash's NTSTATUS, 0xC0000005) is one, never a negative number. */
  if (r->signal) factn(f, FACT_SIGNAL, r->signal); else factn(f, FACT_EXIT_CODE, (long long)(unsigned)r->exit_code);
  if (r->timed_out) factn(f, FACT_TIMED_OUT, 1);
  factn(f, FACT_PAYLOAD_BYTES, (long long)r->payload->len);
  /* The whole stdout the client was handed (the daemon reads the decision from all of it); the first bytes of stderr. */
  factn(f, FACT_STDOUT_BYTES, (long long)r->out_bytes), factn(f, FACT_STDOUT_KEPT, (long long)r->out->len);
  factn(f, FACT_STDERR_BYTES, (long long)r->err_bytes), factn(f, FACT_STDERR_KEPT, (long long)r->err->len);
  fputc(0, f);
  if (r->payload->len) fwrite(r->payload->data, 1, r->payload->len, f);
  if (r->out->len) fwrite(r->out->data, 1, r->out->len, f);
  if (r->err->len) fwrite(r->err->data, 1, r->err->len, f);
  /* A short write (a full disk) leaves no record for the daemon to misread: the stream remembers it. */
  int failed = ferror(f);
  if ((fclose(f) != 0) | failed) { (void)unlink(tmp); return; }
  int m = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (m < 0) { (void)unlink(tmp); return; }
  (void)close(m); /* an empty file: nothing was written that close could lose */
}

