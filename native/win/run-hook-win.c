/*
 * Running the hook on Windows: `cmd.exe /d /s /c "CMD"` (as Node runs a command with a shell there;
 * %VAR% is cmd's), started suspended inside a Job Object, then let go, so that everything it starts
 * is in the job: at hookd's deadline, when the bridge fails the run, or when the client ends the bridge
 * (Ctrl-C, Ctrl-Break, the console closing), TerminateJobObject ends the whole tree at once. A client that
 * kills the bridge outright (TerminateProcess, Node's child.kill) closes the job's last handle, and
 * JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE ends the tree then. A hook that exits by itself leaves what it
 * started running, as on POSIX: that limit is lifted before the bridge exits.
 *
 * Windows has no SIGTERM for a tree of processes without a console (a hook gets none: CREATE_NO_WINDOW,
 * no window pops up), so the deadline ends it at once, where POSIX gives it the grace SIGTERM allows;
 * the record says SIGTERM, as Node's bridge on Windows reports a child it ended.
 *
 * Its stdin is the event (a thread writes it, so a hook that does not read cannot stop the loop), its
 * stdout and stderr are taken by hook-output.c as on POSIX, through the pipes' peeked reads (posix.h).
 * The bridge's own standard handles are not inherited: a child the hook leaves behind never holds
 * the client's pipes open.
 */
#include "../bridge.h"

static char why[512];
static volatile LONG ended_by;

void fail_run(struct run *r, const char *what) {
  if (r->internal_error) return;
  snprintf(why, sizeof why, "internal error (%s: %s); hookd ended the hook", what, strerror(errno));
  r->internal_error = why;
}

/* A Windows call failed the run: its error number, as Windows gives it. */
static void fail_win(struct run *r, const char *what) {
  if (r->internal_error) return;
  snprintf(why, sizeof why, "internal error (%s: Windows error %lu); hookd ended the hook", what, (unsigned long)GetLastError());
  r->internal_error = why;
}

/* The client ended the bridge: the hook ends with it (the loop sees it), the ending told as POSIX's signal. */
static BOOL WINAPI on_console_end(DWORD type) {
  InterlockedCompareExchange(&ended_by, type == CTRL_C_EVENT ? SIGINT : type == CTRL_BREAK_EVENT ? SIGBREAK : SIGHUP, 0);
  return TRUE;
}

struct feed { HANDLE to; const char *data; size_t len; };

/* The event into the hook's stdin, then its end: the hook stopped reading (a broken pipe) or took it all. */
static DWORD WINAPI feed_stdin(void *arg) {
  struct feed *f = arg;
  for (size_t sent = 0; sent < f->len;) {
    DWORD chunk = f->len - sent > 65536 ? 65536 : (DWORD)(f->len - sent), wrote = 0;
    if (!WriteFile(f->to, f->data + sent, chunk, &wrote, NULL)) break;
    sent += wrote;
  }
  CloseHandle(f->to);
  return 0;
}

/* `"COMSPEC" /d /s /c "CMD"` as UTF-16: /s takes the outer quotes off and runs CMD as written; /d skips AutoRun. */
static wchar_t *command_line(const char *command) {
  const char *comspec = getenv("ComSpec");
  size_t len = strlen(comspec ? comspec : "cmd.exe") + strlen(command) + 32;
  char *line = malloc(len);
  if (!line) return errno = ENOMEM, NULL;
  snprintf(line, len, "\"%s\" /d /s /c \"%s\"", comspec ? comspec : "cmd.exe", command);
  wchar_t *wide = hookd_wide(line);
  free(line);
  return wide;
}

/* A pipe whose `child_end` (0: read, 1: write) the hook inherits and whose other end only the bridge holds. */
static int hook_pipe(HANDLE ends[2], int child_end) {
  SECURITY_ATTRIBUTES inherit = { sizeof inherit, NULL, TRUE };
  /* A megabyte: the hook writes on while the bridge, which can only peek, looks at the process between reads. */
  if (!CreatePipe(&ends[0], &ends[1], &inherit, 1 << 20)) return -1;
  return SetHandleInformation(ends[!child_end], HANDLE_FLAG_INHERIT, 0) ? 0 : -1;
}

/* The bridge's end of a hook's output pipe as a C library descriptor, read by peeking (posix.h). */
static int output_fd(struct run *r, HANDLE h) {
  int fd = _open_osfhandle((intptr_t)h, _O_RDONLY | _O_BINARY);
  if (fd < 0 || hookd_nonblock(fd) != 0) fail_run(r, "_open_osfhandle");
  return fd;
}

static long long sooner(long long a, long long b) { return a < 0 ? b : b < 0 ? a : a < b ? a : b; }

void run_hook(struct run *r) {
  r->started_at = now_ms(CLOCK_REALTIME);
  long long start = now_ms(CLOCK_MONOTONIC);
  HANDLE in[2], out[2], err[2];
  for (DWORD std = STD_INPUT_HANDLE; std >= STD_ERROR_HANDLE; std--) {
    HANDLE own = GetStdHandle(std); /* none, or a console's, may refuse: nothing of the client's is inherited then either */
    if (own && own != INVALID_HANDLE_VALUE) (void)SetHandleInformation(own, HANDLE_FLAG_INHERIT, 0);
  }
  if (hook_pipe(in, 0) || hook_pipe(out, 1) || hook_pipe(err, 1)) return fail_win(r, "CreatePipe");
  /* Only a console's events come this way: a bridge it cannot watch for them still runs the hook, as it
   * would with no console at all, and the client's kill still ends the tree (the job's kill-on-close). */
  (void)SetConsoleCtrlHandler(on_console_end, TRUE);
  HANDLE job = job_new();
  if (!job) return fail_win(r, "CreateJobObject");
  wchar_t *line = command_line(r->command);
  if (!line) {
    snprintf(why, sizeof why, "the hook could not start (its command is not UTF-8)");
    r->internal_error = why;
    return;
  }
  STARTUPINFOW si = { .cb = sizeof si, .dwFlags = STARTF_USESTDHANDLES, .hStdInput = in[0], .hStdOutput = out[1], .hStdError = err[1] };
  PROCESS_INFORMATION pi;
  if (ended_by) { r->ended_by = (int)ended_by; return; } /* the client ended the bridge before the hook started */
  /* In the job before its first instruction: nothing it starts can be outside it. */
  const char *failed = job_start(job, line, &si, &pi);
  DWORD error = GetLastError();
  free(line);
  CloseHandle(in[0]), CloseHandle(out[1]), CloseHandle(err[1]); /* the hook's ends: ours are done with them */
  if (failed && strcmp(failed, "CreateProcess") == 0) {
    snprintf(why, sizeof why, "the hook could not start (CreateProcess: Windows error %lu)", (unsigned long)error);
    r->internal_error = why;
    return;
  }
  if (failed) SetLastError(error), fail_win(r, failed); /* ended already: the loop sees it gone */
  r->started = 1;
  static struct feed feed;
  feed = (struct feed){ in[1], r->payload->data, r->payload->len };
  HANDLE feeder = r->payload->len ? CreateThread(NULL, 0, feed_stdin, &feed, 0, NULL) : NULL;
  if (!feeder) CloseHandle(in[1]);
  if (feeder) CloseHandle(feeder); /* it ends by itself: the hook took the event, or its end went away */
  int out_fd = output_fd(r, out[0]), err_fd = output_fd(r, err[0]), out_open = out_fd >= 0, err_open = err_fd >= 0;
  static struct relay relay;
  relay.to_client = 1;
  long long give_up_at = -1;
  int exited = 0, ended = 0;
  DWORD tick = 1;
  while (!exited) {
    long long now = now_ms(CLOCK_MONOTONIC) - r->t0;
    if (!ended && r->internal_error) ended = 1; /* nothing the hook says now reaches the client: end it at once */
    else if (!ended && ended_by) r->ended_by = (int)ended_by, ended = 1;
    else if (!ended && now >= r->deadline_ms) r->timed_out = 1, ended = 1;
    if (ended && give_up_at < 0) {
      if (!TerminateJobObject(job, 1)) (void)TerminateProcess(pi.hProcess, 1);
      give_up_at = now + REAP_WAIT_MS;
    }
    if (give_up_at >= 0 && now >= give_up_at) break; /* a process Windows does not let go: stop waiting for it */
    size_t had = r->out_bytes + r->err_bytes;
    if (out_open) out_open = read_stdout(r, out_fd);
    for (int reads = 0; err_open && reads < 16; reads++) {
      ssize_t n = read_stderr(r, err_fd, &relay);
      if (n == 0) err_open = 0;
      if (n <= 0) break;
      /* Written as it comes; a client that stopped reading stderr gets no more of it. */
      if (relay.to_client && write_all(2, relay.data, relay.len) != 0) relay.to_client = 0;
      relay.len = 0;
    }
    /* Pipes cannot be waited on with the process: read again at once while the hook writes, then a
     * millisecond apart, up to 16 when it is quiet. */
    tick = r->out_bytes + r->err_bytes > had ? 0 : tick < 1 ? 1 : tick < 16 ? tick * 2 : 16;
    long long next = sooner(give_up_at, ended ? -1 : r->deadline_ms), wait = next < 0 ? tick : next - now;
    DWORD waited = WaitForSingleObject(pi.hProcess, wait < 0 ? 0 : wait < (long long)tick ? (DWORD)wait : tick);
    if (waited == WAIT_OBJECT_0) exited = 1;
    else if (waited == WAIT_FAILED) {
      fail_win(r, "WaitForSingleObject");
      ended = 0; /* the failure ends it on the next turn */
    }
  }
  /* The hook is over when its process exits, not when a child it left lets go of the pipes. */
  drain_after_exit(r, out_open ? out_fd : -1, err_open ? err_fd : -1, &relay);
  if (out_fd >= 0) (void)_close(out_fd);
  if (err_fd >= 0) (void)_close(err_fd);
  DWORD code = 1;
  if (exited && !GetExitCodeProcess(pi.hProcess, &code)) code = 1;
  CloseHandle(pi.hProcess);
  /* What hookd ended is gone already; what the hook left running of its own accord stays, as on POSIX. */
  if (!ended) set_kill_on_close(job, 0);
  r->ended_at = now_ms(CLOCK_REALTIME);
  r->duration_ms = now_ms(CLOCK_MONOTONIC) - start;
  if (!exited) r->signal = SIGKILL; /* ended, never seen to go: the last word hookd had */
  else if (ended) r->signal = r->ended_by ? r->ended_by : r->timed_out ? SIGTERM : SIGKILL;
  else r->exit_code = (int)code;
}
