/*
 * Ending a hook: its process group, its sh by pid (in case it left the group: a hook may move into
 * the bridge's group, which a signal to its own group then misses), and on Linux every process it
 * started, wherever it moved: the bridge is their subreaper (run-hook.c), so a process the hook
 * left behind, or one that started a session or group of its own, stays a descendant of the bridge
 * instead of going to init, and is found by walking /proc. Elsewhere the group and the pid are
 * signalled.
 *
 * Why not a session of its own (setsid) for the hook: with the scheduler's autogroups (Linux's
 * default on desktops), each new session is a new scheduling group, which starts behind the others:
 * on a loaded machine that cost the agent 6 ms per hook (bench/sync-bridge.mjs, twice the bridge's
 * own cost), for no protection the subreaper does not give.
 */
#include "bridge.h"
#include <dirent.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

void adopt_orphans(void) {
#ifdef __linux__
  /* Fails only on a kernel before 3.4: then the group and the pid are what ends a hook. */
  (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

#ifdef __linux__
/* The parent of process `pid` (field 4 of /proc/PID/stat), or -1. */
static long parent_of(long pid) {
  char path[64], stat[512];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, stat, sizeof stat - 1);
  (void)close(fd);
  if (n <= 0) return -1;
  stat[n] = 0;
  const char *after = strrchr(stat, ')'); /* the command name may hold spaces and parentheses */
  long parent;
  return after && sscanf(after, ") %*c %ld", &parent) == 1 ? parent : -1;
}

/* Signal every descendant of this process (the hook's processes: the bridge has no other children).
 * Twice: a process forked while the first pass ran is its parent's child by the second. */
static void signal_descendants(int sig) {
  pid_t tree[4096];
  size_t count = 0;
  for (int pass = 0; pass < 2; pass++) {
    tree[0] = getpid(), count = 1;
    for (size_t grew = 1; grew;) { /* until a walk of /proc finds no new child of the tree */
      grew = 0;
      DIR *proc = opendir("/proc");
      if (!proc) return;
      for (struct dirent *entry; (entry = readdir(proc)) && count < sizeof tree / sizeof tree[0];) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end || pid <= 1) continue;
        int known = 0, child = 0;
        long parent = parent_of(pid);
        for (size_t i = 0; i < count; i++) known |= tree[i] == pid, child |= tree[i] == parent;
        if (child && !known) tree[count++] = (pid_t)pid, grew = 1, (void)kill((pid_t)pid, sig);
      }
      (void)closedir(proc);
    }
  }
}
#endif

/* The results of kill are not acted on: ESRCH (gone already) and EPERM (a member that changed its
 * user) leave nothing for the bridge to do. The sh is signalled by pid only while it is not reaped:
 * after that its pid may be another process's. */
void end_hook(pid_t pid, int sig, int leader_reaped) {
  (void)killpg(pid, sig);
  if (!leader_reaped) (void)kill(pid, sig);
#ifdef __linux__
  signal_descendants(sig);
#endif
}
