/*
 * The seam between native/'s shared files and Windows (x86_64-windows-gnu, mingw-w64's C library): the
 * POSIX calls the shared files make (hookd-bridge.c, emit.c, run-record.c, read-event.c, hook-output.c,
 * event-name.c, canonical-*.c), each given here a Windows body (posix.c), so those files compile unchanged
 * and the record, the answers, the deadlines and the limits stay one code for both systems.
 *
 * Text is UTF-8 throughout, as on POSIX: the words (main-win.c takes them from the wide command line),
 * the environment (a UTF-8 copy kept in step with the process's own, which the hook inherits) and every
 * path (opened through the wide calls). Files are opened binary: a record's bytes are its bytes.
 * What Windows has no word for is said where it is defined: no signals (a hook ended at the deadline is
 * recorded as one SIGTERM ended, as a Node bridge on Windows reports it), no owner by uid (the state
 * folder is the user's own under %LOCALAPPDATA%; the daemon's ACL guards it), no poll (pipes are peeked).
 */
#ifndef HOOKD_WIN_POSIX_H
#define HOOKD_WIN_POSIX_H
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <ctype.h>
#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <limits.h>
#include <process.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* Clocks: CLOCK_MONOTONIC from the performance counter, CLOCK_REALTIME from the system time. */
typedef int hookd_clockid_t;
#define clockid_t hookd_clockid_t
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
int hookd_clock_gettime(clockid_t clock, struct timespec *t);
#define clock_gettime hookd_clock_gettime

/* Signals Windows has no number for: the shared files ignore SIGPIPE and SIGXFSZ (a write to a gone
 * reader, or past a file-size limit, fails as a return on Windows anyway), and name SIGKILL and SIGHUP. */
#ifndef SIGHUP
#define SIGHUP 1
#endif
#ifndef SIGKILL
#define SIGKILL 9
#endif
#ifndef SIGPIPE
#define SIGPIPE 13
#endif
#ifndef SIGXFSZ
#define SIGXFSZ 25
#endif
typedef void (*hookd_handler)(int);
hookd_handler hookd_signal(int sig, hookd_handler handler);
#define signal hookd_signal
/* The client ended the bridge (Ctrl-C, Ctrl-Break, the console closing): its exit code says so (128 + the
 * number), since no process dies "of a signal" on Windows to pass the ending on. */
int hookd_raise(int sig);
#define raise hookd_raise

/* The environment, UTF-8: getenv, setenv and unsetenv act on it and on the process's own, which the hook inherits. */
extern char **hookd_environ;
#undef environ
#define environ hookd_environ
char *hookd_getenv(const char *name);
int hookd_setenv(const char *name, const char *value, int overwrite);
int hookd_unsetenv(const char *name);
#define getenv hookd_getenv
#define setenv hookd_setenv
#define unsetenv hookd_unsetenv
/* Read the process's environment into hookd_environ (main-win.c, first thing); -1 without memory. */
int hookd_environ_init(void);

char *hookd_strndup(const char *s, size_t n);
#define strndup hookd_strndup

/* Files by UTF-8 path, binary and not inherited (O_CLOEXEC) unless asked. */
#ifndef O_CLOEXEC
#define O_CLOEXEC _O_NOINHERIT
#endif
int hookd_open(const char *path, int flags, ...);
int hookd_access(const char *path, int mode);
int hookd_unlink(const char *path);
int hookd_mkdir(const char *path);
int hookd_stat(const char *path, struct stat *st);
char *hookd_getcwd(char *out, size_t size);
#define open hookd_open
#define access hookd_access
#define unlink hookd_unlink
#define mkdir(path, mode) hookd_mkdir(path)
#define stat(path, st) hookd_stat(path, st)
#define getcwd hookd_getcwd
/* No uid: the state folder under the user's own profile is theirs (the daemon's ACL keeps it so). */
#define getuid() 0
#define geteuid() 0

/* Reads: ReadFile on the fd's handle (a broken pipe is EOF); on a pipe marked by hookd_nonblock,
 * only what is there now, else EAGAIN (the run loop's stand-in for O_NONBLOCK). */
ssize_t hookd_read(int fd, void *data, size_t n);
#define read hookd_read
int hookd_nonblock(int fd);
/* Writes: the C library's, whose count is an unsigned int (a longer write goes on in write_all's loop). */
ssize_t hookd_write(int fd, const void *data, size_t n);
#define write hookd_write
/* A console, not the NUL device (which the C library's isatty also calls a terminal). */
int hookd_isatty(int fd);
#define isatty hookd_isatty

/* poll, for what read-event.c asks: whether fd 0 has bytes (a pipe is peeked, a file or NUL always has). */
#ifndef PIPE_BUF
#define PIPE_BUF 4096
#endif
struct pollfd { int fd; short events, revents; };
#define POLLIN 0x1
#define POLLOUT 0x4
int hookd_poll(struct pollfd *fds, unsigned long count, int timeout_ms);
#define poll hookd_poll

/* UTF-8 to UTF-16 (malloc'd; NULL without memory or for bytes that are not UTF-8), and back into `out`. */
wchar_t *hookd_wide(const char *text);
int hookd_utf8(const wchar_t *text, char *out, size_t size);

/* A Job Object that ends every process in it when its last handle closes (job-win.c), and a process
 * started in it: NULL, or the call that failed (CreateProcess: no process; else it was ended and
 * pi->hProcess is still to close), GetLastError kept. job_bridge is `hookd-bridge.exe job -- PROGRAM...`. */
HANDLE job_new(void);
void set_kill_on_close(HANDLE job, int on);
const char *job_start(HANDLE job, wchar_t *line, STARTUPINFOW *si, PROCESS_INFORMATION *pi);
int job_bridge(void);

#endif
