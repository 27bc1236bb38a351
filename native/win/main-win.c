/*
 * The entry of the Windows bridge, hookd-bridge.exe (the prebuilt @hookd-dev/hookd-win32-x64):
 *
 *   hookd-bridge.exe sync [options] [--] CMD...   the synchronous bridge (hookd-bridge.c), CMD run by cmd.exe
 *   hookd-bridge.exe emit [options] [--] CMD...   the asynchronous bridge (emit.c): the event into the inbox
 *   hookd-bridge.exe read                         one event from stdin to stdout
 *   hookd-bridge.exe job -- PROGRAM [ARGS...]     PROGRAM in a Job Object that ends its tree with the bridge
 *                                                 (job-win.c), for Node's Windows executor
 *
 * The same code as on POSIX for all but the hook's process (run-hook-win.c) and the system's calls
 * (posix.h). The words come from the wide command line, parsed by the C library's rules (the ones Node
 * and every Windows program quote for), in UTF-8; the standard streams and every file are binary, so
 * a payload's CRLF, and every other byte, go through as they came. Every other command is Node's
 * (bin/hookd's fallback runs the Node bridge as it does where there is no native one).
 */
#include "../bridge.h"

typedef struct { int new_mode; } startup_info;
/* The C library's own parse of the wide command line (msvcrt), which wmain would be handed. */
extern int __wgetmainargs(int *argc, wchar_t ***argv, wchar_t ***env, int glob, startup_info *info);

/* The words as UTF-8, or NULL without memory. */
static char **utf8_words(int *argc) {
  wchar_t **wide, **env;
  startup_info info = { 0 };
  if (__wgetmainargs(argc, &wide, &env, 0, &info) < 0) return NULL;
  char **words = calloc((size_t)*argc + 1, sizeof *words);
  for (int i = 0; words && i < *argc; i++) {
    size_t size = wcslen(wide[i]) * 3 + 1;
    if (!(words[i] = malloc(size)) || hookd_utf8(wide[i], words[i], size) != 0) return NULL;
  }
  return words;
}

int main(void) {
  long long t0 = now_ms(CLOCK_MONOTONIC);
  int argc = 0;
  _fmode = _O_BINARY;
  (void)_setmode(0, _O_BINARY), (void)_setmode(1, _O_BINARY), (void)_setmode(2, _O_BINARY);
  char **argv = utf8_words(&argc);
  if (!argv || hookd_environ_init() != 0) return fputs("hookd: internal error (no memory for the command line)\n", stderr), INTERNAL_ERROR_EXIT;
  if (argc >= 2 && strcmp(argv[1], "sync") == 0) return sync_bridge(argc - 2, argv + 2, t0);
  if (argc >= 2 && strcmp(argv[1], "emit") == 0) {
    if (emit_bridge(argc - 2, argv + 2) != EMIT_ASKS_HELP) return 0;
    return fputs("hookd emit: its help is Node's: hookd emit --help\n", stderr), 0;
  }
  if (argc >= 2 && strcmp(argv[1], "job") == 0) return job_bridge();
  if (argc >= 2 && strcmp(argv[1], "read") == 0) return read_event(NULL, 1, -1) == READ_FAILED ? 1 : 0;
  fputs("usage: hookd-bridge.exe read | hookd-bridge.exe job -- PROGRAM [ARGS...] | hookd-bridge.exe sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] -- CMD | hookd-bridge.exe emit [--state-dir DIR] -- CMD\n", stderr);
  return 2;
}
