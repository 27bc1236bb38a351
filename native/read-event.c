/*
 * How the bridges read the event from stdin (hookd-bridge read, and the synchronous bridge): until
 * the end of one JSON value (with what arrived in the same read, so a trailing newline is kept),
 * EOF, a wait without a byte (a client may write the event and leave stdin open), or, for the
 * synchronous bridge, hookd's deadline: a client that trickles its event must not hold the agent
 * past it. src/bridge/read-event.ts reads the same way; the waits (IDLE_MS: a client that leaves
 * stdin open always ends its JSON value, so this only bounds a cut-short event; FIRST_BYTE_MS:
 * under load a client writes a while after the bridge starts) come from src/bridge/bridge-limits.ts.
 */
#include "bridge.h"

int buf_add(struct buf *b, const char *data, size_t n) {
  if (n > SIZE_MAX / 2 - b->len) return errno = ENOMEM, -1;
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 65536;
    while (cap < b->len + n) cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) return errno = ENOMEM, -1;
    b->data = grown, b->cap = cap;
  }
  if (n) memcpy(b->data + b->len, data, n);
  b->len += n;
  return 0;
}

long long now_ms(clockid_t clock) {
  struct timespec t;
  /* Fails only for a clock the system lacks; both are POSIX, so a failure reads as the epoch. */
  if (clock_gettime(clock, &t) != 0) return 0;
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int write_all(int fd, const char *data, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    data += w, n -= (size_t)w;
  }
  return 0;
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

enum read_result read_event(struct buf *out, int copy_fd, long long until_ms) {
  struct json_end state = {0};
  char chunk[65536];
  int got = 0;
  if (isatty(0)) return READ_DONE;
  while (!state.done) {
    long long wait = got ? IDLE_MS : FIRST_BYTE_MS;
    int past = 0;
    if (until_ms >= 0) {
      long long left = until_ms - now_ms(CLOCK_MONOTONIC);
      if (left <= wait) wait = left < 0 ? 0 : left, past = 1;
    }
    struct pollfd p = { .fd = 0, .events = POLLIN };
    int ready = poll(&p, 1, (int)wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return READ_FAILED;
    if (ready == 0) return past ? READ_PAST_DEADLINE : READ_DONE;
    ssize_t n = read(0, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    /* EOF, or a stdin that cannot be read (closed, a directory): the event is what came. */
    if (n <= 0) return READ_DONE;
    got = 1;
    json_feed(&state, chunk, (size_t)n);
    if (copy_fd >= 0) {
      if (write_all(copy_fd, chunk, (size_t)n) != 0) return READ_FAILED;
    } else if (buf_add(out, chunk, (size_t)n) != 0) {
      return READ_FAILED;
    }
  }
  return READ_DONE;
}
