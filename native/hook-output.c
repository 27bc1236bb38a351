/*
 * What the hook writes, as the synchronous bridge takes it: stdout held whole for the client up to
 * STDOUT_HELD_MAX (past it the run fails: never a cut answer), stderr passed on to the client as it
 * comes, a chunk at a time and only when the client's stderr can take it (a client slow to read
 * stderr must not stop hookd's deadline), the record keeping its first STDERR_KEPT bytes. Reads are
 * bounded per call, so the run loop (run-hook.c) keeps looking at the deadline.
 */
#include "bridge.h"

/* Take `n` bytes of stdout: held whole up to STDOUT_HELD_MAX; past it the run fails, never a cut answer. */
static void hold_stdout(struct run *r, const char *chunk, size_t n) {
  r->out_bytes += n;
  if (r->internal_error) return;
  size_t room = STDOUT_HELD_MAX - r->out->len;
  if (buf_add(r->out, chunk, n < room ? n : room) != 0) {
    fail_run(r, "holding stdout");
    return;
  }
  if (n <= room) return;
  r->internal_error = ENDED_PAST_ANSWER_BOUND;
}

/* Read what stdout has now (a bounded number of reads, so the deadline is still looked at); 0 at its EOF. */
int read_stdout(struct run *r, int fd) {
  char chunk[65536];
  for (int reads = 0; reads < 16; reads++) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n > 0) { hold_stdout(r, chunk, (size_t)n); continue; }
    if (n == 0) return 0;
    if (errno == EINTR) continue;
    if (errno != EAGAIN) return fail_run(r, "read stdout"), 0;
    break;
  }
  return 1;
}

/* Read one chunk of stderr into the relay (and the record's first bytes): its size, 0 at EOF (or a
 * failed read), -1 when there is nothing now. */
ssize_t read_stderr(struct run *r, int fd, struct relay *relay) {
  ssize_t n;
  while ((n = read(fd, relay->data, sizeof relay->data)) < 0 && errno == EINTR) {}
  if (n < 0 && errno == EAGAIN) return -1;
  if (n < 0) fail_run(r, "read stderr");
  if (n <= 0) return 0;
  r->err_bytes += (size_t)n;
  size_t keep = r->err->len < STDERR_KEPT ? STDERR_KEPT - r->err->len : 0;
  if (buf_add(r->err, relay->data, (size_t)n < keep ? (size_t)n : keep) != 0) fail_run(r, "keeping stderr");
  relay->at = 0, relay->len = relay->to_client ? (size_t)n : 0;
  return n;
}

/* Pass on what the relay holds without blocking (at most PIPE_BUF bytes when poll said the client can take some). */
void pass_stderr(struct relay *relay) {
  ssize_t w = write(2, relay->data + relay->at, relay->len < PIPE_BUF ? relay->len : PIPE_BUF);
  if (w > 0) relay->at += (size_t)w, relay->len -= (size_t)w;
  else if (w < 0 && errno != EINTR && errno != EAGAIN) relay->to_client = 0, relay->len = 0; /* the client stopped reading */
}

/* After the hook's exit: what the pipes still hold (bounded: a child it left may keep writing). */
void drain_after_exit(struct run *r, int out_fd, int err_fd, struct relay *relay) {
  if (relay->len && relay->to_client && write_all(2, relay->data + relay->at, relay->len) != 0) relay->to_client = 0;
  relay->len = 0;
  if (out_fd >= 0) read_stdout(r, out_fd);
  for (int reads = 0; err_fd >= 0 && reads < 16 && read_stderr(r, err_fd, relay) > 0; reads++) {
    if (relay->len && write_all(2, relay->data, relay->len) != 0) relay->to_client = 0;
    relay->len = 0;
  }
}
