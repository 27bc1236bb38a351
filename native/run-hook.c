/*
 * Running the hook: `sh -c CMD` in a process group of its own (end-hook.c says how it is ended), its stdin the
 * event (a pipe closed once written), its stdout and stderr taken as they come (hook-output.c). The run
 * is over when the hook's process exits (a child it left holding the pipes does not hold the
 * agent), or at hookd's deadline, counted from the bridge's start: SIGTERM to the hook, SIGKILL
 * halfway to the client's own timeout. A client that ends the bridge (its own timeout, Ctrl-C) ends
 * the hook too: the signal goes on to the hook's processes, which a signal to the bridge alone would
 * not reach, then SIGKILL a second later. After SIGKILL the wait is bounded (REAP_WAIT_MS).
 *
 * Checked like a supervisor: every call's result is looked at, and one that fails the bridge fails
 * the run (r->internal_error): the hook is killed, the client gets INTERNAL_ERROR_EXIT, never the
 * answer of a run the bridge could not see through. A run whose stdout passes its bound fails the same way.
 */
#include "bridge.h"

extern char **environ;

static int chld_pipe[2] = { -1, -1 };
static volatile sig_atomic_t ended_by;
static void on_chld(int sig) { (void)sig; int e = errno; if (chld_pipe[1] >= 0) (void)!write(chld_pipe[1], "", 1); errno = e; }
static void on_end(int sig) { ended_by = sig; on_chld(sig); }

static char why[512];

void fail_run(struct run *r, const char *what) {
  if (r->internal_error) return;
  snprintf(why, sizeof why, "internal error (%s: %s); hookd ended the hook", what, strerror(errno));
  r->internal_error = why;
}

static int add_flag(int fd, int get, int set, int flag) {
  int now = fcntl(fd, get);
  return now < 0 ? -1 : fcntl(fd, set, now | flag);
}

/* A pipe the hook does not inherit (its own ends are dup2'd onto 0, 1 and 2); pipe2 is not on macOS. */
static int cloexec_pipe(int fds[2]) {
  if (pipe(fds) != 0) return -1;
  return add_flag(fds[0], F_GETFD, F_SETFD, FD_CLOEXEC) < 0 || add_flag(fds[1], F_GETFD, F_SETFD, FD_CLOEXEC) < 0 ? -1 : 0;
}

static int nonblock(int fd) { return add_flag(fd, F_GETFL, F_SETFL, O_NONBLOCK) < 0 ? -1 : 0; }

/*
 * Start `sh -c command` in a process group of its own, its stdio on the pipes; -1 when it cannot start.
 * posix_spawn, not fork: glibc spawns with vfork semantics, which saves copying this process's page
 * tables on the path the agent waits on.
 */
static pid_t start_hook(struct run *r, int in[2], int out[2], int err[2]) {
  posix_spawnattr_t attr;
  posix_spawn_file_actions_t actions;
  sigset_t defaults;
  pid_t pid = -1;
  char *argv[] = { "sh", "-c", (char *)r->command, NULL };
  int failed = posix_spawnattr_init(&attr);
  if (failed) return errno = failed, fail_run(r, "posix_spawnattr_init"), -1;
  if ((failed = posix_spawn_file_actions_init(&actions))) {
    (void)posix_spawnattr_destroy(&attr);
    return errno = failed, fail_run(r, "posix_spawn_file_actions_init"), -1;
  }
  const char *step = "posix_spawn attributes";
  if (sigemptyset(&defaults) || sigaddset(&defaults, SIGPIPE) || sigaddset(&defaults, SIGXFSZ) || sigaddset(&defaults, SIGCHLD)) failed = errno;
  if (!failed) failed = posix_spawnattr_setsigdefault(&attr, &defaults);
  if (!failed) failed = posix_spawnattr_setflags(&attr, (short)(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF));
  if (!failed) failed = posix_spawnattr_setpgroup(&attr, 0);
  if (!failed) failed = posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  if (!failed) failed = posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  if (!failed) failed = posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  if (!failed) step = "/bin/sh", failed = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
  (void)posix_spawn_file_actions_destroy(&actions); /* these fail only for objects never initialised */
  (void)posix_spawnattr_destroy(&attr);
  if (failed) {
    snprintf(why, sizeof why, "the hook could not start (%s: %s)", step, strerror(failed));
    r->internal_error = why;
    return -1;
  }
  return pid;
}

/* Wait for the hook up to `ms` without poll (after poll itself failed, or the last wait after SIGKILL). */
static int reap_within(pid_t pid, int *status, long long ms) {
  for (long long waited = 0; waited <= ms; waited += 10) {
    pid_t got = waitpid(pid, status, WNOHANG);
    if (got == pid) return 1;
    if (got < 0 && errno != EINTR) return 0;
    struct timespec tick = { 0, 10 * 1000 * 1000 };
    (void)nanosleep(&tick, NULL); /* EINTR only shortens a tick */
  }
  return 0;
}

static long long sooner(long long a, long long b) { return a < 0 ? b : b < 0 ? a : a < b ? a : b; }

void run_hook(struct run *r) {
  int in[2], out[2], err[2], status = 0, exited = 0;
  r->started_at = now_ms(CLOCK_REALTIME);
  long long start = now_ms(CLOCK_MONOTONIC);
  if (cloexec_pipe(in) || cloexec_pipe(out) || cloexec_pipe(err) || cloexec_pipe(chld_pipe)) {
    fail_run(r, "pipe");
    return;
  }
  if (nonblock(chld_pipe[0]) || nonblock(chld_pipe[1])) {
    fail_run(r, "fcntl");
    return;
  }
  struct sigaction chld = { .sa_handler = on_chld, .sa_flags = SA_NOCLDSTOP | SA_RESTART };
  struct sigaction end = { .sa_handler = on_end, .sa_flags = SA_RESTART };
  if (sigemptyset(&chld.sa_mask) || sigemptyset(&end.sa_mask) || sigaction(SIGCHLD, &chld, NULL) ||
      sigaction(SIGTERM, &end, NULL) || sigaction(SIGINT, &end, NULL) || sigaction(SIGHUP, &end, NULL)) {
    fail_run(r, "sigaction");
    return;
  }
  if (ended_by) { r->ended_by = ended_by; return; } /* the client ended the bridge before the hook started */
  adopt_orphans();
  pid_t pid = start_hook(r, in, out, err);
  (void)close(in[0]), (void)close(out[1]), (void)close(err[1]); /* the hook's ends: ours are done with them */
  if (pid < 0) return;
  r->started = 1;
  int in_open = r->payload->len > 0, out_open = 1, err_open = 1;
  if (!in_open) (void)close(in[1]);
  if ((in_open && nonblock(in[1])) || nonblock(out[0]) || nonblock(err[0])) fail_run(r, "fcntl");
  static struct relay relay;
  relay.to_client = 1;
  size_t sent = 0;
  long long kill_at = -1, give_up_at = -1, grace = hookd_kill_grace_ms(r->timeout_ms);
  int failing = 0;
  while (!exited) {
    long long now = now_ms(CLOCK_MONOTONIC) - r->t0;
    if (r->internal_error && !failing) {
      failing = 1, kill_at = now; /* nothing the hook says now reaches the client: end it at once */
    } else if (ended_by && !r->ended_by) {
      r->ended_by = ended_by, kill_at = now + CLIENT_END_GRACE_MS;
      end_hook(pid, ended_by, 0);
    } else if (!r->timed_out && !r->ended_by && !failing && now >= r->deadline_ms) {
      r->timed_out = 1, kill_at = now + grace;
      end_hook(pid, SIGTERM, 0);
    }
    if (kill_at >= 0 && now >= kill_at) {
      end_hook(pid, SIGKILL, 0);
      kill_at = -1, give_up_at = now + REAP_WAIT_MS;
    }
    if (give_up_at >= 0 && now >= give_up_at) break; /* a process stuck in the kernel: stop waiting for it */
    long long next = sooner(sooner(kill_at, give_up_at), r->timed_out || r->ended_by || failing ? -1 : r->deadline_ms);
    struct pollfd p[5] = {
      { .fd = chld_pipe[0], .events = POLLIN }, { .fd = out_open ? out[0] : -1, .events = POLLIN },
      { .fd = err_open && !relay.len ? err[0] : -1, .events = POLLIN }, { .fd = in_open ? in[1] : -1, .events = POLLOUT },
      { .fd = relay.len ? 2 : -1, .events = POLLOUT },
    };
    int ready = poll(p, 5, (int)(next < 0 ? 1000 : next - now < 0 ? 0 : next - now));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      fail_run(r, "poll");
      end_hook(pid, SIGKILL, 0);
      break;
    }
    if (p[1].revents) out_open = read_stdout(r, out[0]);
    if (p[2].revents && read_stderr(r, err[0], &relay) == 0) err_open = 0;
    if (p[4].revents) pass_stderr(&relay);
    if (in_open && p[3].revents) {
      ssize_t w = write(in[1], r->payload->data + sent, r->payload->len - sent);
      if (w > 0) sent += (size_t)w;
      /* The hook stopped reading (EPIPE) or took it all: either way stdin is done. */
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || sent == r->payload->len) (void)close(in[1]), in_open = 0;
    }
    char wakes[64];
    while (read(chld_pipe[0], wakes, sizeof wakes) > 0) {}
    pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid) exited = 1;
    else if (got < 0 && errno != EINTR) {
      fail_run(r, "waitpid");
      end_hook(pid, SIGKILL, 0);
      break;
    }
  }
  if (!exited) exited = reap_within(pid, &status, REAP_WAIT_MS);
  /* What hookd ended, it ends whole: a child that outlived the sh (it trapped SIGTERM) goes too. */
  if (exited && (r->timed_out || r->ended_by || r->internal_error)) end_hook(pid, SIGKILL, 1);
  /* The hook is over when its process exits, not when a child it left lets go of the pipes. */
  drain_after_exit(r, out_open ? out[0] : -1, err_open ? err[0] : -1, &relay);
  if (in_open) (void)close(in[1]);
  (void)close(out[0]), (void)close(err[0]);
  r->ended_at = now_ms(CLOCK_REALTIME);
  r->duration_ms = now_ms(CLOCK_MONOTONIC) - start;
  if (!exited) r->signal = SIGKILL; /* sent, never seen to take: the last word hookd had */
  else if (WIFSIGNALED(status)) r->signal = WTERMSIG(status);
  else r->exit_code = WEXITSTATUS(status);
}
