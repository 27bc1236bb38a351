/*
 * What the parts of hookd-bridge share (the .c files of native/): the growable buffer, the run's facts, and the
 * three jobs the bridge does for the client: read the event, run the hook, record the run.
 */
#ifndef HOOKD_BRIDGE_H
#define HOOKD_BRIDGE_H
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Bytes of each output kept in the run record (the client gets them all). */
#define KEPT_BYTES (64 * 1024)

struct buf { char *data; size_t len, cap; };

struct run {
  const char *command, *client, *event, *cwd, *spawn_error;
  long long timeout_ms, deadline_ms, started_at, ended_at, duration_ms;
  int exit_code, signal, timed_out;
  int ended_by; /* the signal the client ended the bridge with, passed on to the hook */
  struct buf *payload, *out, *err;
  const char *answer; /* what the bridge printed for a silent hook, if anything */
};

void buf_add(struct buf *b, const char *data, size_t n);
long long now_ms(clockid_t clock);
void write_all(int fd, const char *data, size_t n);
/* Read one event from stdin into `out` (and to `copy_fd` when >= 0), read-event.c. */
void read_event(struct buf *out, int copy_fd);
/* Run the hook to its end or hookd's deadline, run-hook.c. */
void run_hook(struct run *r);
/* Store the finished run in the inbox, run-record.c. */
void record_run(const char *given_state, const struct run *r);

#endif
