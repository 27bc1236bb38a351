/*
 * `hookd-bridge place-front-door BIN`: put this program in the place of the package's bin/hookd script,
 * so the installed `hookd` is the native front door (front-door.c), as esbuild's install script puts its
 * binary over bin/esbuild. Run by the install script only (src/bridge/front-door.ts), never by a run of
 * the script: a client's sh that exec'd the script hands its path to /bin/sh, which opens it by name a
 * moment later; a program renamed over it in between is then read as a script ("Syntax error", exit 2,
 * which a client reads as a block). At install nothing runs hookd from this folder yet.
 * It changes nothing unless all of these hold, and says why not on stderr (exit 1):
 *   - BIN (through any link) is hookd's shell script, in a folder this user can write;
 *   - not in pnpm's store: pnpm's command shims run the file with sh, which cannot read a program;
 *   - not in a git checkout (a clone): bin/hookd is a tracked source file there;
 *   - a copy, written whole and synced, runs here and finds the package's dist/bin.js.
 * Then one rename puts it in place. Anything else leaves the script, which works as before.
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
  if (access(git, F_OK) == 0) return refuse("%s is in a git checkout, where bin/hookd is a tracked file", real, 0);
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
