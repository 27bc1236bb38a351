/*
 * The Windows bodies of the POSIX calls native/'s shared files make (posix.h says which and why).
 */
#include "../bridge.h"

wchar_t *hookd_wide(const char *text) {
  int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, NULL, 0);
  wchar_t *wide = n > 0 ? malloc((size_t)n * sizeof *wide) : NULL;
  if (!wide) return errno = n > 0 ? ENOMEM : EINVAL, NULL;
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, wide, n);
  return wide;
}

int hookd_utf8(const wchar_t *text, char *out, size_t size) {
  int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, out, (int)(size > INT_MAX ? INT_MAX : size), NULL, NULL);
  return n > 0 ? 0 : (errno = ERANGE, -1);
}

/* A UTF-8 copy of a wide string, malloc'd. */
static char *utf8_copy(const wchar_t *text) {
  int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, NULL, 0, NULL, NULL);
  char *out = n > 0 ? malloc((size_t)n) : NULL;
  if (out) WideCharToMultiByte(CP_UTF8, 0, text, -1, out, n, NULL, NULL);
  return out;
}

int hookd_clock_gettime(clockid_t clock, struct timespec *t) {
  if (clock == CLOCK_MONOTONIC) {
    static LARGE_INTEGER frequency;
    LARGE_INTEGER count;
    if (!frequency.QuadPart) QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&count);
    t->tv_sec = (time_t)(count.QuadPart / frequency.QuadPart);
    t->tv_nsec = (long)(count.QuadPart % frequency.QuadPart * 1000000000 / frequency.QuadPart);
    return 0;
  }
  FILETIME now;
  GetSystemTimePreciseAsFileTime(&now);
  /* 100 ns ticks since 1601 to the Unix epoch. */
  unsigned long long ticks = ((unsigned long long)now.dwHighDateTime << 32 | now.dwLowDateTime) - 116444736000000000ULL;
  t->tv_sec = (time_t)(ticks / 10000000), t->tv_nsec = (long)(ticks % 10000000 * 100);
  return 0;
}

#undef signal
hookd_handler hookd_signal(int sig, hookd_handler handler) {
  if (sig == SIGPIPE || sig == SIGXFSZ || sig == SIGHUP || sig == SIGKILL) return SIG_DFL;
  return signal(sig, handler);
}

int hookd_raise(int sig) { (void)sig; return 0; }

/* ---- the environment ---- */

char **hookd_environ;
static size_t env_count, env_cap;

int hookd_environ_init(void) {
  wchar_t *block = GetEnvironmentStringsW();
  if (!block) return -1;
  size_t count = 0;
  for (wchar_t *p = block; *p; p += wcslen(p) + 1) count++;
  env_cap = count + 16;
  hookd_environ = calloc(env_cap + 1, sizeof *hookd_environ);
  if (!hookd_environ) return FreeEnvironmentStringsW(block), -1;
  /* Entries such as "=C:=C:\x" (a drive's working folder) are cmd's bookkeeping, not variables: kept out. */
  for (wchar_t *p = block; *p; p += wcslen(p) + 1) {
    if (*p == L'=') continue;
    char *entry = utf8_copy(p);
    if (!entry) return FreeEnvironmentStringsW(block), -1;
    hookd_environ[env_count++] = entry;
  }
  FreeEnvironmentStringsW(block);
  return 0;
}

/* Where `name` is in hookd_environ, or env_count; Windows names are the same in any case. */
static size_t env_index(const char *name) {
  size_t len = strlen(name);
  for (size_t i = 0; i < env_count; i++) {
    if (_strnicmp(hookd_environ[i], name, len) == 0 && hookd_environ[i][len] == '=') return i;
  }
  return env_count;
}

char *hookd_getenv(const char *name) {
  size_t i = hookd_environ ? env_index(name) : env_count;
  return i < env_count ? hookd_environ[i] + strlen(name) + 1 : NULL;
}

/* Set (value) or unset (NULL) the process's own variable, which a process it starts inherits. */
static int set_process_variable(const char *name, const char *value) {
  wchar_t *wide_name = hookd_wide(name), *wide_value = value ? hookd_wide(value) : NULL;
  int ok = wide_name && (!value || wide_value) && SetEnvironmentVariableW(wide_name, wide_value);
  free(wide_name), free(wide_value);
  return ok ? 0 : (errno = errno ? errno : EINVAL, -1);
}

int hookd_setenv(const char *name, const char *value, int overwrite) {
  if (!*name || strchr(name, '=')) return errno = EINVAL, -1;
  size_t i = env_index(name);
  if (i < env_count && !overwrite) return 0;
  size_t len = strlen(name) + strlen(value) + 2;
  char *entry = malloc(len);
  if (!entry) return errno = ENOMEM, -1;
  snprintf(entry, len, "%s=%s", name, value);
  if (set_process_variable(name, value) != 0) return free(entry), -1;
  if (i < env_count) {
    free(hookd_environ[i]), hookd_environ[i] = entry;
    return 0;
  }
  if (env_count == env_cap) {
    char **grown = realloc(hookd_environ, (env_cap * 2 + 1) * sizeof *grown);
    if (!grown) return free(entry), errno = ENOMEM, -1;
    hookd_environ = grown, env_cap *= 2;
  }
  hookd_environ[env_count++] = entry, hookd_environ[env_count] = NULL;
  return 0;
}

int hookd_unsetenv(const char *name) {
  if (!*name || strchr(name, '=')) return errno = EINVAL, -1;
  size_t i = env_index(name);
  if (set_process_variable(name, NULL) != 0 && GetLastError() != ERROR_ENVVAR_NOT_FOUND) return -1;
  if (i == env_count) return 0;
  free(hookd_environ[i]);
  memmove(&hookd_environ[i], &hookd_environ[i + 1], (env_count - i) * sizeof *hookd_environ);
  env_count--;
  return 0;
}

char *hookd_strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *copy = malloc(len + 1);
  if (!copy) return errno = ENOMEM, NULL;
  memcpy(copy, s, len), copy[len] = 0;
  return copy;
}

/* ---- files ---- */

int hookd_open(const char *path, int flags, ...) {
  /* The mode (always 0600 here) has no meaning on Windows beyond read-write: the folder's ACL says who reads. */
  wchar_t *wide = hookd_wide(path);
  if (!wide) return -1;
  int fd = _wopen(wide, flags | _O_BINARY, _S_IREAD | _S_IWRITE);
  free(wide);
  return fd;
}

int hookd_access(const char *path, int mode) {
  wchar_t *wide = hookd_wide(path);
  int result = wide ? _waccess(wide, mode & ~X_OK) : -1;
  free(wide);
  return result;
}

int hookd_unlink(const char *path) {
  wchar_t *wide = hookd_wide(path);
  int result = wide ? _wunlink(wide) : -1;
  free(wide);
  return result;
}

int hookd_mkdir(const char *path) {
  wchar_t *wide = hookd_wide(path);
  int result = wide ? _wmkdir(wide) : -1;
  free(wide);
  return result;
}

#undef stat
int hookd_stat(const char *path, struct stat *st) {
  wchar_t *wide = hookd_wide(path);
  struct _stat64 s;
  int result = wide ? _wstat64(wide, &s) : -1;
  free(wide);
  if (result == 0) memset(st, 0, sizeof *st), st->st_mode = s.st_mode, st->st_size = (off_t)s.st_size;
  return result;
}

char *hookd_getcwd(char *out, size_t size) {
  wchar_t here[32768];
  DWORD n = GetCurrentDirectoryW(32768, here);
  if (n == 0 || n >= 32768) return errno = ERANGE, NULL;
  return hookd_utf8(here, out, size) == 0 ? out : NULL;
}

/* ---- reads, and waiting for one ---- */

static unsigned char nonblocking[64];

int hookd_nonblock(int fd) {
  if (fd < 0 || fd >= (int)sizeof nonblocking) return errno = EBADF, -1;
  nonblocking[fd] = 1;
  return 0;
}

static HANDLE handle_of(int fd) { return (HANDLE)_get_osfhandle(fd); }

/* What a pipe holds now: its byte count, 0 for none, -1 at its end (the writer closed it) or on a failure. */
static long long pipe_holds(HANDLE h) {
  DWORD avail = 0;
  if (!PeekNamedPipe(h, NULL, 0, NULL, &avail, NULL)) return -1;
  return avail;
}

ssize_t hookd_read(int fd, void *data, size_t n) {
  HANDLE h = handle_of(fd);
  if (h == INVALID_HANDLE_VALUE) return errno = EBADF, -1;
  DWORD want = n > 0x7fffffff ? 0x7fffffff : (DWORD)n, got = 0;
  if (fd >= 0 && fd < (int)sizeof nonblocking && nonblocking[fd]) {
    long long holds = pipe_holds(h);
    if (holds == 0) return errno = EAGAIN, -1;
    if (holds < 0) return GetLastError() == ERROR_BROKEN_PIPE ? 0 : (errno = EIO, -1);
    if ((long long)want > holds) want = (DWORD)holds;
  }
  if (ReadFile(h, data, want, &got, NULL)) return (ssize_t)got;
  DWORD error = GetLastError();
  if (error == ERROR_BROKEN_PIPE || error == ERROR_HANDLE_EOF) return 0;
  return errno = EIO, -1;
}

#undef write
ssize_t hookd_write(int fd, const void *data, size_t n) { return write(fd, data, n > 0x10000000 ? 0x10000000 : (unsigned)n); }

int hookd_isatty(int fd) {
  DWORD mode;
  return GetConsoleMode(handle_of(fd), &mode) ? 1 : 0;
}

/* Whether `fd` is ready for `events` now. A pipe is ready to read when it holds bytes or has ended; anything
 * else (a file, NUL) always is; writes are taken as ready (a blocked write waits in WriteFile). */
static short ready_now(int fd, short events) {
  short ready = events & POLLOUT;
  if (events & POLLIN) {
    HANDLE h = handle_of(fd);
    if (GetFileType(h) != FILE_TYPE_PIPE || pipe_holds(h) != 0) ready |= POLLIN;
  }
  return ready;
}

int hookd_poll(struct pollfd *fds, unsigned long count, int timeout_ms) {
  long long until = timeout_ms < 0 ? -1 : now_ms(CLOCK_MONOTONIC) + timeout_ms;
  /* Pipes cannot be waited on: they are peeked, a millisecond apart at first, then up to 16 when nothing comes. */
  for (DWORD tick = 1;; tick = tick < 16 ? tick * 2 : 16) {
    int ready = 0;
    for (unsigned long i = 0; i < count; i++) {
      fds[i].revents = fds[i].fd < 0 ? 0 : ready_now(fds[i].fd, fds[i].events);
      ready += fds[i].revents != 0;
    }
    if (ready) return ready;
    long long left = until < 0 ? tick : until - now_ms(CLOCK_MONOTONIC);
    if (left <= 0) return 0;
    Sleep(left < tick ? (DWORD)left : tick);
  }
}
