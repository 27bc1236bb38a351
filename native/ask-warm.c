/*
 * A warm hook's answer from the daemon (`hookd sync --warm`), as src/bridge/ask-warm.ts asks it: POST
 * /warm on the daemon's unix socket (src/daemon/warm-route.ts) with one line of JSON (the hook, the
 * client, its event, cwd, environment and the budget), then the payload; wait within the budget.
 * Only a whole 200 from a daemon of this user's is an answer; anything else says why the bridge runs
 * the hook cold, which is the path without the daemon, so the decision is the hook's own either way.
 */
#include "bridge.h"
#include <sys/socket.h>
#include <strings.h>
#include <sys/un.h>

extern char **environ;

/* A daemon gone mid-request is an error of send, not a SIGPIPE (the sync bridge ignores SIGPIPE too,
 * which covers macOS, where MSG_NOSIGNAL does not exist). */
#ifdef MSG_NOSIGNAL
#define SEND_FLAGS MSG_NOSIGNAL
#else
#define SEND_FLAGS 0
#endif

/* `s` as a JSON string (json-string.c: as JSON.stringify writes it, which the daemon's JSON.parse reads back). */
static int json_text(struct buf *b, const char *s) { return json_string(b, s, strlen(s)); }

/* The daemon's socket by src/common/paths.ts's rule (SOCKET_RULE): HOOKD_SOCKET (~ and relative paths
 * resolved as path.resolve does), else SOCKET_NAME in the state directory. */
static int socket_path(const char *given_state, char *out, size_t size) {
  const char *named = getenv(SOCKET_VARIABLE), *home = getenv("HOME") ? getenv("HOME") : "";
  if (named && *named) {
    char cwd[4096];
    if (strcmp(named, "~") == 0) return snprintf(out, size, "%s", home) >= (int)size ? -1 : 0;
    if (strncmp(named, "~/", 2) == 0) return snprintf(out, size, "%s/%s", home, named + 2) >= (int)size ? -1 : 0;
    if (named[0] == '/') return snprintf(out, size, "%s", named) >= (int)size ? -1 : 0;
    if (!getcwd(cwd, sizeof cwd)) return -1;
    return snprintf(out, size, "%s/%s", cwd, named) >= (int)size ? -1 : 0;
  }
  char state[4096];
  if (state_dir(given_state, state, sizeof state) != 0) return -1;
  return snprintf(out, size, "%s/%s", state, SOCKET_NAME) >= (int)size ? -1 : 0;
}

/* Wait for `events` on `fd` until CLOCK_MONOTONIC `until`: 1 ready, 0 past it, -1 failed. */
static int wait_for(int fd, short events, long long until) {
  for (;;) {
    long long left = until - now_ms(CLOCK_MONOTONIC);
    if (left <= 0) return 0;
    struct pollfd p = { .fd = fd, .events = events };
    int n = poll(&p, 1, (int)(left > 1000000 ? 1000000 : left));
    if (n > 0) return 1;
    if (n < 0 && errno != EINTR) return -1;
  }
}

/* The request: the HTTP head, the line of JSON, the payload. */
static int build_request(struct buf *req, const struct run *r, long long budget_ms) {
  struct buf line = {0};
  char number[32];
  int failed = buf_add(&line, "{\"command\":", 11) | json_text(&line, r->command);
  failed |= buf_add(&line, ",\"client\":", 10) | json_text(&line, r->client);
  failed |= buf_add(&line, ",\"event\":", 9) | json_text(&line, r->event);
  failed |= buf_add(&line, ",\"cwd\":", 7) | json_text(&line, r->cwd ? r->cwd : "");
  failed |= buf_add(&line, ",\"env\":{", 8);
  int first = 1;
  for (char **e = environ; *e; e++) {
    char *eq = strchr(*e, '=');
    if (!eq) continue;
    *eq = 0; /* the name alone, for a moment */
    failed |= buf_add(&line, first ? "" : ",", first ? 0 : 1) | json_text(&line, *e) | buf_add(&line, ":", 1) | json_text(&line, eq + 1);
    *eq = '=';
    first = 0;
  }
  snprintf(number, sizeof number, "%lld", budget_ms);
  failed |= buf_add(&line, "},\"budgetMs\":", 13) | buf_add(&line, number, strlen(number)) | buf_add(&line, "}\n", 2);
  if (failed) { free(line.data); return -1; }
  char head[256];
  int n = snprintf(head, sizeof head,
                   "POST /warm HTTP/1.1\r\nHost: hookd\r\nContent-Type: application/octet-stream\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
                   line.len + r->payload->len);
  failed = buf_add(req, head, (size_t)n) | buf_add(req, line.data, line.len) | buf_add(req, r->payload->data ? r->payload->data : "", r->payload->len);
  free(line.data);
  return failed;
}

/* A 200 whose body is whole (its Content-Length) is the answer; else why not, into `why`. */
static int read_response(const struct buf *res, struct buf *answer, char *why, size_t why_size) {
  const char *end = res->len ? memmem(res->data, res->len, "\r\n\r\n", 4) : NULL;
  if (!end) return snprintf(why, why_size, "the daemon's answer was cut"), -1;
  const char *body = end + 4;
  size_t body_len = res->len - (size_t)(body - res->data);
  long long length = -1;
  for (const char *p = res->data; p && p < end;) {
    if (strncasecmp(p, "content-length:", 15) == 0) length = atoll(p + 15);
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : NULL;
  }
  if (strncmp(res->data, "HTTP/1.1 200 ", 13) != 0) {
    size_t n = body_len < why_size - 1 ? body_len : why_size - 1;
    memcpy(why, body, n), why[n] = 0;
    for (size_t i = 0; i < n; i++) if (why[i] == 0) why[i] = ' ';
    if (n == 0) snprintf(why, why_size, "the daemon refused the request");
    return -1;
  }
  if (length < 0 || (size_t)length != body_len) return snprintf(why, why_size, "the daemon's answer was cut"), -1;
  return buf_add(answer, body, body_len) ? (snprintf(why, why_size, "no memory for the answer"), -1) : 0;
}

int ask_warm(const char *given_state, const struct run *r, long long budget_ms, struct buf *answer, char *why, size_t why_size) {
  char path[4096];
  struct stat st;
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  if (socket_path(given_state, path, sizeof path) != 0) return snprintf(why, why_size, "no socket path"), -1;
  /* The daemon's socket must be this user's: another user's would answer for the hook. */
  if (stat(path, &st) != 0) return snprintf(why, why_size, "no daemon (no socket)"), -1;
  if (st.st_uid != getuid()) return snprintf(why, why_size, "the socket is not this user's"), -1;
  if (strlen(path) >= sizeof addr.sun_path) return snprintf(why, why_size, "the socket's path is too long"), -1;
  memcpy(addr.sun_path, path, strlen(path) + 1);
  long long until = now_ms(CLOCK_MONOTONIC) + budget_ms;
  /* Close-on-exec and non-blocking by fcntl: macOS has no SOCK_CLOEXEC or SOCK_NONBLOCK. */
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return snprintf(why, why_size, "socket: %s", strerror(errno)), -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
    snprintf(why, why_size, "fcntl: %s", strerror(errno));
    (void)close(fd);
    return -1;
  }
  struct buf req = {0}, res = {0};
  int result = -1;
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 && errno != EINPROGRESS && errno != EAGAIN) {
    snprintf(why, why_size, "the daemon cannot be reached (%s)", strerror(errno));
    goto done;
  }
  if (wait_for(fd, POLLOUT, until) != 1) { snprintf(why, why_size, "no answer from the daemon within %lld ms", budget_ms); goto done; }
  /* Who serves the socket, from the kernel: Linux's SO_PEERCRED, the BSDs' and macOS's getpeereid. */
#ifdef SO_PEERCRED
  struct ucred peer;
  socklen_t peer_len = sizeof peer;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &peer_len) != 0 || peer.uid != getuid()) {
    snprintf(why, why_size, "the daemon is not this user's");
    goto done;
  }
#elif defined(__APPLE__)
  uid_t peer_uid;
  gid_t peer_gid;
  if (getpeereid(fd, &peer_uid, &peer_gid) != 0 || peer_uid != getuid()) {
    snprintf(why, why_size, "the daemon is not this user's");
    goto done;
  }
#endif
  if (build_request(&req, r, budget_ms) != 0) { snprintf(why, why_size, "no memory for the request"); goto done; }
  for (size_t at = 0; at < req.len;) {
    ssize_t n = send(fd, req.data + at, req.len - at, SEND_FLAGS);
    if (n > 0) { at += (size_t)n; continue; }
    if (n < 0 && (errno == EAGAIN || errno == EINTR) && wait_for(fd, POLLOUT, until) == 1) continue;
    snprintf(why, why_size, n < 0 && errno != EAGAIN ? "the daemon cannot be reached (%s)" : "no answer from the daemon within the budget", strerror(errno));
    goto done;
  }
  for (;;) {
    char chunk[65536];
    ssize_t n = recv(fd, chunk, sizeof chunk, 0);
    if (n == 0) break;
    if (n > 0) {
      if (res.len + (size_t)n > STDOUT_HELD_MAX || buf_add(&res, chunk, (size_t)n) != 0) { snprintf(why, why_size, "the daemon's answer is too large"); goto done; }
      continue;
    }
    if ((errno == EAGAIN || errno == EINTR) && wait_for(fd, POLLIN, until) == 1) continue;
    snprintf(why, why_size, "no answer from the daemon within %lld ms", budget_ms);
    goto done;
  }
  /* NUL-ended, so that reading the head never runs past it; the NUL is not the answer's. */
  if (buf_add(&res, "", 1) != 0) { snprintf(why, why_size, "no memory for the answer"); goto done; }
  res.len--;
  result = read_response(&res, answer, why, why_size);
done:
  (void)close(fd);
  free(req.data), free(res.data);
  return result;
}
