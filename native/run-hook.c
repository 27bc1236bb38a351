/*
 * Running the hook: `sh -c CMD` in a process group of its own, its stdin the event (a pipe closed
 * once written), its stdout and stderr read as they come; the run is over when the hook's process
 * exits (a child it left holding the pipes does not hold the agent), or at hookd's deadline: SIGTERM
 * to the group, SIGKILL halfway to the client's own timeout. A client that ends the bridge (its own
 * timeout, Ctrl-C) ends the hook too: the signal goes on to the hook's group, which a signal to the
 * bridge alone would not reach, then SIGKILL a second later.
 */
#include "bridge.h"

extern char **environ;

static int chld_pipe[2];
static volatile sig_atomic_t ended_by;
static void on_chld(int sig) { (void)sig; int e = errno; (void)!write(chld_pipe[1], "", 1); errno = e; }
static void on_end(int sig) { ended_by = sig; on_chld(sig); }

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
void run_hook(struct run *r) {
  int in[2], out[2], err[2];
  static char why[256];
  r->started_at = now_ms(CLOCK_REALTIME);
  long long t0 = now_ms(CLOCK_MONOTONIC);
  if (cloexec_pipe(in) || cloexec_pipe(out) || cloexec_pipe(err) || cloexec_pipe(chld_pipe)) { snprintf(why, sizeof why, "pipe: %s", strerror(errno)); r->spawn_error = why; return; }
  nonblock(chld_pipe[0]), nonblock(chld_pipe[1]);
  struct sigaction sa = { .sa_handler = on_chld, .sa_flags = SA_NOCLDSTOP | SA_RESTART };
  sigaction(SIGCHLD, &sa, NULL);
  struct sigaction end = { .sa_handler = on_end, .sa_flags = SA_RESTART };
  sigaction(SIGTERM, &end, NULL), sigaction(SIGINT, &end, NULL), sigaction(SIGHUP, &end, NULL);
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
    if (ended_by && !r->ended_by) {
      r->ended_by = ended_by, kill_at = elapsed + 1000;
      killpg(pid, ended_by);
    } else if (!r->timed_out && !r->ended_by && elapsed >= r->deadline_ms) {
      r->timed_out = 1, kill_at = elapsed + grace;
      killpg(pid, SIGTERM);
    } else if (kill_at >= 0 && elapsed >= kill_at) {
      killpg(pid, SIGKILL), kill_at = -1;
    }
    long long wait = r->timed_out || r->ended_by ? (kill_at >= 0 ? kill_at - elapsed : 1000) : r->deadline_ms - elapsed;
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

