/*
 * A warm hook (`hookd sync --warm`) on Windows goes cold: the daemon there listens on a named pipe
 * (\\.\pipe\hookd-USER), which this bridge does not speak yet. Cold is the path without the daemon,
 * the hook's own decision either way: the warm path only saves the hook's start-up. The record says
 * why (warm=cold: ...), as it does for any warm hook the daemon could not answer.
 */
#include "../bridge.h"

int ask_warm(const char *given_state, const struct run *r, long long budget_ms, struct buf *answer, char *why, size_t why_size) {
  (void)given_state, (void)r, (void)budget_ms, (void)answer;
  snprintf(why, why_size, "the Windows bridge does not ask the daemon yet");
  return -1;
}
