/*
 * How the bridges read the event from stdin (hookd-bridge read, and the synchronous bridge): until
 * the end of one JSON value (with what arrived in the same read, so a trailing newline is kept),
 * EOF, or a wait without a byte; a client may write the event and leave stdin open. Keep in step
 * with src/bridge/read-event.ts.
 */
#include "bridge.h"

/* How long to wait for the next byte of an event that has not ended: a client that leaves stdin
 * open always ends its JSON value, so this only bounds a cut-short event; before the first byte the
 * wait is longer, since under load a client writes a while after the bridge starts (200 bridges
 * started at once on two cores waited over 500 ms). Keep in step with src/bridge/read-event.ts. */
#define IDLE_MS 2000
#define FIRST_BYTE_MS 10000

void buf_add(struct buf *b, const char *data, size_t n) {
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

long long now_ms(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void write_all(int fd, const char *data, size_t n) {
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
void read_event(struct buf *out, int copy_fd) {
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

