/*
 * Ending a hook: the bridge starts it in a session of its own (setsid), so that no process of the
 * hook can join the bridge's process group or the client's (a process may only move to a group of
 * its own session), and signals the whole session: the group the hook's sh leads, the sh itself by
 * pid (in case it left that group), and, on Linux, every process whose session is the hook's (a
 * hook with job control puts its jobs in groups of their own). A hook that starts a session of its
 * own (setsid, a daemon) has left on purpose: it no longer holds the agent, whose wait ends with
 * the hook's sh.
 */
#include "bridge.h"
#include <dirent.h>

/* The results of kill are not acted on: ESRCH (gone already) and EPERM (a member that changed its
 * user) leave nothing for the bridge to do. The sh is signalled by pid only while it is not reaped:
 * after that its pid may be another process's. */
void end_session(pid_t sid, int sig, int leader_reaped) {
  (void)killpg(sid, sig);
  if (!leader_reaped) (void)kill(sid, sig);
#ifdef __linux__
  DIR *proc = opendir("/proc");
  if (!proc) return; /* no /proc mounted: the group and the pid were signalled */
  for (struct dirent *entry; (entry = readdir(proc));) {
    char *end;
    long pid = strtol(entry->d_name, &end, 10);
    if (*end || pid <= 1 || pid > INT_MAX || pid == sid) continue;
    if (getsid((pid_t)pid) == sid) (void)kill((pid_t)pid, sig);
  }
  closedir(proc);
#endif
}
