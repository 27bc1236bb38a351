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
 * src/clients/contract.ts (hookdDeadlineMs; the contracts come from the profiles via contracts.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "contracts.h"

extern char **environ;

/* How long to wait for the next byte of an event that has not ended: a client that leaves stdin
 * open always ends its JSON value, so this only bounds a cut-short event; before the first byte the
 * wait is longer, since under load a client writes a while after the bridge starts (200 bridges
 * started at once on two cores waited over 500 ms). Keep in step with src/bridge/read-event.ts. */
#define IDLE_MS 2000
#define FIRST_BYTE_MS 10000
#define KEPT_BYTES (64 * 1024)

struct buf { char *data; size_t len, cap; };

static void buf_add(struct buf *b, const char *data, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 65536;
    while (cap < b->len + n) cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) return; /* out of memory: keep what fits; the client still gets an answer */
    b->data = grown, b->cap = cap;
  }
  memcpy(b->data + b->len, data, n);
  b->len += n;
}

static long long now_ms(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void write_all(int fd, const char *data, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return; /* the reader went away: nothing to do */
    data += w, n -= (size_t)w;
  }
}

/* The end of one JSON value, fed a chunk at a time. */
struct json_end { int started, depth, in_string, escaped, done, scalar; };

static void json_feed(struct json_end *s, const char *p, size_t n) {
  for (size_t i = 0; i < n && !s->done; i++) {
    char c = p[i];
    if (!s->started) {
      if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
      s->started = 1;
      if (c == '{' || c == '[') s->depth = 1;
      else if (c == '"') s->in_string = 1; /* a bare string: done when it closes at depth 0 */
      else s->scalar = 1; /* not an object: read to EOF or idle */
      continue;
    }
    if (s->scalar) continue;
    if (s->in_string) {
      if (s->escaped) s->escaped = 0;
      else if (c == '\\') s->escaped = 1;
      else if (c == '"') s->in_string = 0, s->done = s->depth == 0;
      continue;
    }
    if (c == '"') s->in_string = 1;
    else if (c == '{' || c == '[') s->depth++;
    else if ((c == '}' || c == ']') && --s->depth == 0) s->done = 1;
  }
}

/* Read one event from stdin into `out` (and to `copy_fd` when >= 0). */
static void read_event(struct buf *out, int copy_fd) {
  struct json_end state = {0};
  char chunk[65536];
  int got = 0;
  if (isatty(0)) return;
  while (!state.done) {
    struct pollfd p = { .fd = 0, .events = POLLIN };
    int ready = poll(&p, 1, got ? IDLE_MS : FIRST_BYTE_MS);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    ssize_t n = read(0, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got = 1;
    json_feed(&state, chunk, (size_t)n);
    if (copy_fd >= 0) write_all(copy_fd, chunk, (size_t)n);
    else buf_add(out, chunk, (size_t)n);
  }
}

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

/* ---- the record ---- */

static int state_dir(const char *given, char *out, size_t size) {
  const char *home = getenv("HOME") ? getenv("HOME") : "";
  const char *s = given ? given : getenv("HOOKD_STATE_DIR");
  if (s && *s) {
    if (strcmp(s, "~") == 0) snprintf(out, size, "%s", home);
    else if (strncmp(s, "~/", 2) == 0) snprintf(out, size, "%s/%s", home, s + 2);
    else if (s[0] == '/') snprintf(out, size, "%s", s);
    else return -1; /* the bridges' rule: an absolute path or one under ~ */
  } else if (access("/System/Library/CoreServices", F_OK) == 0) {
    snprintf(out, size, "%s/Library/Application Support/hookd", home);
  } else if (getenv("XDG_STATE_HOME") && *getenv("XDG_STATE_HOME")) {
    snprintf(out, size, "%s/hookd", getenv("XDG_STATE_HOME"));
  } else {
    snprintf(out, size, "%s/.local/state/hookd", home);
  }
  return 0;
}

static int mkdirs(char *path) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    mkdir(path, 0700);
    *p = '/';
  }
  return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

struct run {
  const char *command, *client, *event, *cwd, *spawn_error;
  long long timeout_ms, deadline_ms, started_at, ended_at, duration_ms;
  int exit_code, signal, timed_out;
  struct buf *payload, *out, *err;
  const char *answer; /* what the bridge printed for a silent hook, if anything */
};

static void fact(FILE *f, const char *name, const char *value) {
  if (value) fprintf(f, "%s=%s%c", name, value, 0);
}

static void factn(FILE *f, const char *name, long long value) {
  fprintf(f, "%s=%lld%c", name, value, 0);
}

/* Store the finished run as `hookd-run 1` in the inbox (src/events/run-record.ts reads it). */
static void record_run(const char *given_state, const struct run *r) {
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
  if (!f) { close(fd); unlink(tmp); return; }
  size_t out_kept = r->out->len < KEPT_BYTES ? r->out->len : KEPT_BYTES;
  size_t err_kept = r->err->len < KEPT_BYTES ? r->err->len : KEPT_BYTES;
  fprintf(f, "hookd-run 1\n%s%c", r->command, 0);
  fact(f, "client", r->client), fact(f, "event", r->event), fact(f, "cwd", r->cwd), fact(f, "spawnError", r->spawn_error);
  fact(f, "answer", r->answer);
  /* The client's trace context (issue 25): hookd's span of this run is a child of the client's. */
  fact(f, "env.TRACEPARENT", getenv("TRACEPARENT")), fact(f, "env.TRACESTATE", getenv("TRACESTATE")), fact(f, "env.BAGGAGE", getenv("BAGGAGE"));
  /* The client's project directories: the run's project, as for the asynchronous bridge's records (events/project-of.ts). */
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    if (eq && eq - *e > 12 && strncmp(eq - 12, "_PROJECT_DIR", 12) == 0) fprintf(f, "env.%s%c", *e, 0);
  }
  factn(f, "timeoutMs", r->timeout_ms);
  factn(f, "startedAt", r->started_at), factn(f, "endedAt", r->ended_at), factn(f, "durationMs", r->duration_ms);
  if (r->signal) factn(f, "signal", r->signal); else factn(f, "exitCode", r->exit_code);
  if (r->timed_out) factn(f, "timedOut", 1);
  factn(f, "payloadBytes", (long long)r->payload->len);
  factn(f, "stdoutBytes", (long long)r->out->len), factn(f, "stdoutKept", (long long)out_kept);
  factn(f, "stderrBytes", (long long)r->err->len), factn(f, "stderrKept", (long long)err_kept);
  fputc(0, f);
  if (r->payload->len) fwrite(r->payload->data, 1, r->payload->len, f);
  if (out_kept) fwrite(r->out->data, 1, out_kept, f);
  if (err_kept) fwrite(r->err->data, 1, err_kept, f);
  if (fclose(f) != 0) { unlink(tmp); return; }
  int m = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (m < 0) { unlink(tmp); return; }
  close(m);
}

/* ---- running the hook ---- */

static int chld_pipe[2];
static void on_chld(int sig) { (void)sig; int e = errno; (void)!write(chld_pipe[1], "", 1); errno = e; }

static void nonblock(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

/* A pipe the hook does not inherit (its own ends are dup2'd onto 0, 1 and 2); pipe2 is not on macOS. */
static int cloexec_pipe(int fds[2]) {
  if (pipe(fds) != 0) return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC), fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
}

/* Read what `fd` has now into `into`; 0 once it reached EOF. */
static int drain(int fd, struct buf *into) {
  char chunk[65536];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n > 0) { buf_add(into, chunk, (size_t)n); continue; }
    if (n < 0 && errno == EINTR) continue;
    return n == 0 ? 0 : 1;
  }
}

/*
 * Start `sh -c command` in a process group of its own, its stdio on the pipes; -1 and `why` when
 * it cannot start. posix_spawn, not fork: glibc spawns with vfork semantics, which saves copying
 * this process's page tables on the path the agent waits on.
 */
static pid_t start_hook(const char *command, int in[2], int out[2], int err[2], char *why, size_t why_size) {
  posix_spawnattr_t attr;
  posix_spawn_file_actions_t actions;
  sigset_t defaults;
  pid_t pid;
  char *argv[] = { "sh", "-c", (char *)command, NULL };
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE), sigaddset(&defaults, SIGCHLD);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  int failed = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (failed) { snprintf(why, why_size, "/bin/sh: %s", strerror(failed)); return -1; }
  return pid;
}

/* Run the hook to its end or hookd's deadline; fills in the run's outcome. */
static void run_hook(struct run *r) {
  int in[2], out[2], err[2];
  static char why[256];
  r->started_at = now_ms(CLOCK_REALTIME);
  long long t0 = now_ms(CLOCK_MONOTONIC);
  if (cloexec_pipe(in) || cloexec_pipe(out) || cloexec_pipe(err) || cloexec_pipe(chld_pipe)) { snprintf(why, sizeof why, "pipe: %s", strerror(errno)); r->spawn_error = why; return; }
  nonblock(chld_pipe[0]), nonblock(chld_pipe[1]);
  struct sigaction sa = { .sa_handler = on_chld, .sa_flags = SA_NOCLDSTOP | SA_RESTART };
  sigaction(SIGCHLD, &sa, NULL);
  pid_t pid = start_hook(r->command, in, out, err, why, sizeof why);
  close(in[0]), close(out[1]), close(err[1]);
  if (pid < 0) { r->spawn_error = why; close(in[1]), close(out[0]), close(err[0]); return; }
  nonblock(in[1]), nonblock(out[0]), nonblock(err[0]);
  size_t sent = 0;
  int in_open = 1, out_open = 1, err_open = 1, exited = 0, status = 0;
  long long kill_at = -1, grace = (r->timeout_ms - r->deadline_ms) / 2;
  if (r->payload->len == 0) close(in[1]), in_open = 0;
  while (!exited) {
    long long elapsed = now_ms(CLOCK_MONOTONIC) - t0;
    if (!r->timed_out && elapsed >= r->deadline_ms) {
      r->timed_out = 1, kill_at = elapsed + grace;
      killpg(pid, SIGTERM);
    } else if (kill_at >= 0 && elapsed >= kill_at) {
      killpg(pid, SIGKILL), kill_at = -1;
    }
    long long wait = r->timed_out ? (kill_at >= 0 ? kill_at - elapsed : 1000) : r->deadline_ms - elapsed;
    struct pollfd p[4] = {
      { .fd = chld_pipe[0], .events = POLLIN }, { .fd = out_open ? out[0] : -1, .events = POLLIN },
      { .fd = err_open ? err[0] : -1, .events = POLLIN }, { .fd = in_open ? in[1] : -1, .events = POLLOUT },
    };
    if (poll(p, 4, (int)(wait < 0 ? 0 : wait)) < 0 && errno != EINTR) break;
    if (p[1].revents) out_open = drain(out[0], r->out);
    if (p[2].revents) err_open = drain(err[0], r->err);
    if (in_open && p[3].revents) {
      ssize_t w = write(in[1], r->payload->data + sent, r->payload->len - sent);
      if (w > 0) sent += (size_t)w;
      /* The hook stopped reading (EPIPE) or took it all: either way stdin is done. */
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || sent == r->payload->len) close(in[1]), in_open = 0;
    }
    char c;
    while (read(chld_pipe[0], &c, 1) > 0) {}
    if (waitpid(pid, &status, WNOHANG) == pid) exited = 1;
  }
  /* The hook is over when its process exits, not when a child it left lets go of the pipes. */
  if (out_open) drain(out[0], r->out);
  if (err_open) drain(err[0], r->err);
  if (in_open) close(in[1]);
  close(out[0]), close(err[0]);
  r->ended_at = now_ms(CLOCK_REALTIME);
  r->duration_ms = now_ms(CLOCK_MONOTONIC) - t0;
  if (WIFSIGNALED(status)) r->signal = WTERMSIG(status);
  else r->exit_code = WEXITSTATUS(status);
}

static int sync_bridge(int argc, char **argv) {
  const char *client = NULL, *event = NULL, *given_state = NULL;
  double timeout_sec = 0;
  int i = 0;
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--client") == 0 && i + 1 < argc) client = argv[++i];
    else if (strcmp(argv[i], "--event") == 0 && i + 1 < argc) event = argv[++i];
    else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) timeout_sec = atof(argv[++i]);
    else if (strcmp(argv[i], "--state-dir") == 0 && i + 1 < argc) given_state = argv[++i];
    else if (strcmp(argv[i], "--") == 0) { i++; break; }
    else break;
  }
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
  r.timeout_ms = (long long)((timeout_sec > 0 ? timeout_sec : contract->default_timeout_sec) * 1000);
  long long margin = r.timeout_ms / 10;
  margin = margin < 100 ? 100 : margin > 2000 ? 2000 : margin;
  r.deadline_ms = r.timeout_ms - margin > r.timeout_ms / 2 ? r.timeout_ms - margin : r.timeout_ms / 2;
  signal(SIGPIPE, SIG_IGN);
  run_hook(&r);
  int code;
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
