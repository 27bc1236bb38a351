/*
 * `hookd-bridge place-front-door BIN`: put this program in the place of the package's bin/hookd script,
 * so the installed `hookd` is the native front door (front-door.c), as esbuild's install script puts its
 * binary over bin/esbuild. Run by bin/hookd itself the first time an installer's link leads to it,
 * and by the install script where scripts run (src/bridge/front-door.ts); both keep in step with this.
 * It changes nothing unless all of these hold, and says why not on stderr (exit 1):
 *   - BIN (through any link) is hookd's shell script, in a folder this user can write;
 *   - not in pnpm's store: pnpm's command shims run the file with sh, which cannot read a program;
 *   - not in a git checkout (a clone): bin/hookd is a tracked source file there, so the link that led to
 *     it (npm link's) is pointed at the clone's dist/front-door/hookd instead (relink);
 *   - a copy, written whole and synced, runs here and finds the package's dist/bin.js.
 * Then one rename puts it in place: a client starting `hookd` at that moment gets the old script or
 * the new program, never a part of either. Anything else leaves the script, which works as before.
 */
#include "bridge.h"

/* Why not, on stderr, with the system's word for `err` when there is one; exit 1. */
static int refuse(const char *why, const char *what, int err) {
  fprintf(stderr, "hookd: the native front door was not put in place: ");
  fprintf(stderr, why, what);
  if (err) fprintf(stderr, " (%s)", strerror(err));
  fputc('\n', stderr);
  return 1;
}

static int is_script(const char *file) {
  char head[10] = {0};
  int fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = read(fd, head, sizeof head);
  (void)close(fd);
  return n == (ssize_t)sizeof head && memcmp(head, "#!/bin/sh\n", sizeof head) == 0;
}

/* A copy of `from` at `to`, executable, on disk before it is named (a crash must not leave an empty bin/hookd). */
static int copy_program(const char *from, const char *to) {
  int in = open(from, O_RDONLY | O_CLOEXEC), out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
  int failed = in < 0 || out < 0;
  char chunk[65536];
  for (ssize_t n = 1; !failed && n > 0;) {
    n = read(in, chunk, sizeof chunk);
    failed = n < 0 || (n > 0 && write_all(out, chunk, (size_t)n) != 0);
  }
  if (out >= 0) failed |= fchmod(out, 0755) | fsync(out) | close(out);
  if (in >= 0) (void)close(in);
  return failed ? -1 : 0;
}

/* The copy runs here (a program for another system does not) and finds its package from where it is. */
static int runs_here(const char *program) {
  char *argv[] = { (char *)program, "--front-door-check", NULL };
  posix_spawn_file_actions_t quiet;
  pid_t pid;
  int status = 0;
  if (posix_spawn_file_actions_init(&quiet) != 0) return 0;
  int ok = posix_spawn_file_actions_addopen(&quiet, 0, "/dev/null", O_RDONLY, 0) == 0 &&
           posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0) == 0 &&
           posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0) == 0 &&
           posix_spawn(&pid, program, &quiet, NULL, argv, NULL) == 0;
  (void)posix_spawn_file_actions_destroy(&quiet);
  while (ok && waitpid(pid, &status, 0) < 0) ok = errno == EINTR;
  return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* A git checkout (a clone, `npm link`): bin/hookd is a tracked file there, so the link that leads to it
 * (npm link's PREFIX/bin/hookd) is pointed instead at dist/front-door/hookd, the link `npm run build`
 * keeps to the program there (to the script when it compiled none), in the same way: a new link, renamed over. */
static int relink(const char *target, const char *real) {
  char text[PATH_MAX], now[PATH_MAX + 32], dir[PATH_MAX], probe[2 * PATH_MAX + 64], tmp[PATH_MAX + 64];
  const char *tail = "bin/hookd";
  ssize_t n = readlink(target, text, sizeof text - 1);
  if (n < 0) return refuse("%s is in a git checkout, where bin/hookd is a tracked file", real, 0);
  size_t len = (size_t)n, k = strlen(tail);
  text[len] = 0;
  if (len < k || strcmp(text + len - k, tail) != 0 || (len > k && text[len - k - 1] != '/'))
    return refuse("%s leads into a git checkout by a path that does not end in bin/hookd", target, 0);
  text[len - k] = 0;
  (void)snprintf(now, sizeof now, "%sdist/front-door/hookd", text);
  (void)snprintf(dir, sizeof dir, "%s", target);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0;
  else (void)snprintf(dir, sizeof dir, ".");
  (void)snprintf(probe, sizeof probe, "%s%s%s", now[0] == '/' ? "" : dir, now[0] == '/' ? "" : "/", now);
  if (!runs_here(probe)) return refuse("%s is no native front door here (npm run build makes it)", probe, 0);
  int m = snprintf(tmp, sizeof tmp, "%s/.hookd-front-door.%d", dir, (int)getpid());
  if (m < 0 || (size_t)m >= sizeof tmp) return refuse("%s: the path is too long", target, 0);
  if (symlink(now, tmp) != 0) return refuse("cannot make a link beside %s", target, errno);
  if (rename(tmp, target) != 0) {
    int why = errno;
    return (void)unlink(tmp), refuse("cannot rename a link over %s", target, why);
  }
  return 0;
}

int place_front_door(const char *self, const char *target) {
  char real[PATH_MAX], dir[PATH_MAX], git[PATH_MAX + 16], tmp[PATH_MAX + 64];
  if (!realpath(target, real)) return refuse("%s cannot be read", target, errno);
  if (!is_script(real)) return refuse("%s is not hookd's shell script (already the native program?)", real, 0);
  if (strstr(real, "/node_modules/.pnpm/")) return refuse("%s is pnpm's, whose command shims run it with sh", real, 0);
  /* The package is two folders up from bin/hookd. */
  (void)snprintf(dir, sizeof dir, "%s", real);
  *strrchr(dir, '/') = 0;
  (void)snprintf(git, sizeof git, "%s", dir);
  if (strrchr(git, '/')) *strrchr(git, '/') = 0;
  (void)strcat(git, "/.git");
  if (access(git, F_OK) == 0) return relink(target, real);
  int n = snprintf(tmp, sizeof tmp, "%s/.hookd-front-door.%d", dir, (int)getpid());
  if (n < 0 || (size_t)n >= sizeof tmp) return refuse("%s: the path is too long", real, 0);
  if (copy_program(self, tmp) != 0) {
    int why = errno;
    return (void)unlink(tmp), refuse("cannot write a copy of the native program beside %s", real, why);
  }
  if (!runs_here(tmp)) return (void)unlink(tmp), refuse("a copy of the native program does not run here or finds no dist/bin.js beside %s", real, 0);
  if (rename(tmp, real) != 0) {
    int why = errno;
    return (void)unlink(tmp), refuse("cannot rename a copy over %s", real, why);
  }
  return 0;
}
