/*
 * The entry of the native program, one binary under two names:
 *
 *   hookd-bridge read | sync ... | place-front-door TARGET
 *       as bin/hookd's shell script runs it (the fallback front door), and the package's install.
 *   hookd ...
 *       the front door: this program in the place of the package's bin/hookd (front-door-place.c), so the
 *       client's `sh -c 'hookd sync …'` reaches the bridge with one exec. `hookd sync` (hookd-bridge.c)
 *       and `hookd emit` (emit.c) run here; every other command, their help, and both with
 *       HOOKD_BRIDGE_NODE set (and the installed Node there) go to Node, as bin/hookd sends them: exec
 *       the Node the package was installed with (dist/node, else node on PATH) on the package's
 *       dist/bin.js, the package found from this program's own real path (its bin/hookd, or its dist/hookd-bridge).
 */
#include "bridge.h"

/* This program's real path: /proc/self/exe where there is one (Linux), else argv[0], through PATH when bare. */
static int own_path(const char *argv0, char *out) {
  if (realpath("/proc/self/exe", out)) return 0;
  if (strchr(argv0, '/')) return realpath(argv0, out) ? 0 : -1;
  const char *path = getenv("PATH");
  char candidate[PATH_MAX];
  for (const char *p = path ? path : ""; *p;) {
    size_t len = strcspn(p, ":");
    int n = snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, p, argv0);
    if (n > 0 && (size_t)n < sizeof candidate && access(candidate, X_OK) == 0 && realpath(candidate, out)) return 0;
    p += len + (p[len] == ':');
  }
  return errno = ENOENT, -1;
}

/* A file of the package's dist/ beside this program (two folders up): dist/bin.js, its JS entry, or INSTALLED_NODE. */
static int in_dist(const char *argv0, const char *name, char *file, size_t size) {
  char self[PATH_MAX];
  if (own_path(argv0, self) != 0) return -1;
  for (int up = 0; up < 2; up++) {
    char *slash = strrchr(self, '/');
    if (slash) *slash = 0;
  }
  int n = snprintf(file, size, "%s/dist/%s", self, name);
  return n > 0 && (size_t)n < size ? 0 : (errno = ENAMETOOLONG, -1);
}

static int node_entry(const char *argv0, char *entry, size_t size) { return in_dist(argv0, "bin.js", entry, size); }

/* The Node the package was installed with (src/bridge/installed-node.ts), when it is still there: 0 and its path. */
static int installed_node(const char *argv0, char *node, size_t size) {
  return in_dist(argv0, INSTALLED_NODE, node, size) == 0 && access(node, X_OK) == 0 ? 0 : -1;
}

/* Every command Node runs: exec the installed Node (else the node on PATH, where the install made no link) with the package's entry and the words as given. */
static int to_node(int argc, char **argv) {
  char entry[PATH_MAX + 16] = "hookd", node[PATH_MAX + 16];
  if (node_entry(argv[0], entry, sizeof entry) != 0 || access(entry, R_OK) != 0) {
    fprintf(stderr, "hookd: cannot find the package this program belongs to (%s: %s); reinstall @hookd-dev/hookd\n", entry, strerror(errno));
    return 127;
  }
  char **args = calloc((size_t)argc + 2, sizeof *args);
  if (!args) return fputs("hookd: internal error (no memory for the command line)\n", stderr), 125;
  args[0] = "node", args[1] = entry;
  for (int i = 1; i < argc; i++) args[i + 1] = argv[i];
  if (installed_node(argv[0], node, sizeof node) == 0) (void)execv(node, args);
  else (void)execvp("node", args);
  int why = errno;
  fprintf(stderr, "hookd: cannot start Node.js (node: %s); every command but hookd emit and hookd sync needs Node.js >= 20.19 on PATH\n", strerror(why));
  return why == ENOENT ? 127 : 126;
}

static int bridge(int argc, char **argv, long long t0) {
  if (argc >= 2 && strcmp(argv[1], "read") == 0) {
    if (signal(SIGPIPE, SIG_IGN) == SIG_ERR || signal(SIGXFSZ, SIG_IGN) == SIG_ERR) return 1;
    return read_event(NULL, 1, -1) == READ_FAILED ? 1 : 0; /* as `cat` would: the record is not stored */
  }
  if (argc >= 2 && strcmp(argv[1], "sync") == 0) return sync_bridge(argc - 2, argv + 2, t0);
  if (argc == 3 && strcmp(argv[1], "place-front-door") == 0) {
    char self[PATH_MAX];
    if (own_path(argv[0], self) != 0) return fprintf(stderr, "hookd: cannot find this program (%s)\n", strerror(errno)), 1;
    return place_front_door(self, argv[2]);
  }
  fputs("usage: hookd-bridge read | hookd-bridge sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] -- CMD | hookd-bridge place-front-door BIN\n", stderr);
  return 2;
}

int main(int argc, char **argv) {
  long long t0 = now_ms(CLOCK_MONOTONIC);
  static char *none[] = { "hookd", NULL };
  if (argc < 1 || !argv[0]) argc = 1, argv = none; /* a hostile exec with no words at all */
  const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  if (strcmp(name, "hookd-bridge") == 0) return bridge(argc, argv, t0);
  /* HOOKD_BRIDGE_NODE asks for Node's bridges, honoured only with the Node the package was installed
   * with: an inherited variable never leaves a deciding hook to a missing node (exit 127) or to one found
   * further down PATH. Looked up only when the variable is set: the bridges' path pays nothing. */
  const char *wants_node = getenv("HOOKD_BRIDGE_NODE");
  char node[PATH_MAX + 16];
  int native = argc >= 2 && !(wants_node && *wants_node && installed_node(argv[0], node, sizeof node) == 0);
  if (native && strcmp(argv[1], "sync") == 0 && !(argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)))
    return sync_bridge(argc - 2, argv + 2, t0);
  if (native && strcmp(argv[1], "emit") == 0 && emit_bridge(argc - 2, argv + 2) != EMIT_ASKS_HELP) return 0;
  /* What place-front-door runs before putting a copy in place: it runs here and finds its package. */
  if (argc == 2 && strcmp(argv[1], "--front-door-check") == 0) {
    char entry[PATH_MAX + 16];
    if (node_entry(argv[0], entry, sizeof entry) != 0 || access(entry, R_OK) != 0) return 1;
    return puts(entry) < 0;
  }
  return to_node(argc, argv);
}
