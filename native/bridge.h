/*
 * What the parts of hookd-bridge share (the .c files of native/): the growable buffer, the run's facts, and the
 * jobs the bridge does for the client: read the event, name it, run the hook, end it, record the run.
 */
#ifndef HOOKD_BRIDGE_H
#define HOOKD_BRIDGE_H
#define _GNU_SOURCE
#ifdef _WIN32
/* Windows (x86_64-windows-gnu): the POSIX calls the shared files make, in UTF-8, from native/win/posix.h. */
#include "win/posix.h"
#else
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <spawn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif
#include "hookd-shared.h" /* generated from the TypeScript by scripts/write-native-shared.mjs */

struct buf { char *data; size_t len, cap; };

struct run {
  const char *command, *client, *event, *cwd;
  /* Why the bridge itself failed the run (a system call, stdout past its bound): recorded as spawnError. */
  const char *internal_error;
  long long timeout_ms, deadline_ms, started_at, ended_at, duration_ms;
  long long t0; /* the bridge's start (CLOCK_MONOTONIC ms): the one deadline counts from here */
  int exit_code, signal, timed_out, started;
  int ended_by; /* the signal the client ended the bridge with, passed on to the hook */
  struct buf *payload;
  struct buf *out; /* stdout, held whole up to STDOUT_HELD_MAX */
  struct buf *err; /* the first STDERR_KEPT bytes of stderr, for the record: stderr itself streams to the client */
  size_t out_bytes, err_bytes; /* every byte the hook wrote, held or not */
  const char *answer; /* what the bridge printed for a silent hook, if anything */
  const char *warm; /* a warm hook's way: WARM_ANSWERED, or "cold: WHY" */
};

/* Append; -1 (errno ENOMEM) when it cannot grow: the caller fails the run, never keeps a cut answer. */
int buf_add(struct buf *b, const char *data, size_t n);
long long now_ms(clockid_t clock);
/* Write all of it; -1 when the reader went away (or fd fails). */
int write_all(int fd, const char *data, size_t n);

enum read_result { READ_DONE, READ_PAST_DEADLINE, READ_FAILED };
/* Read one event from stdin into `out` (and to `copy_fd` when >= 0) until CLOCK_MONOTONIC `until_ms`
 * (-1: no deadline), read-event.c. READ_FAILED leaves why in errno. */
enum read_result read_event(struct buf *out, int copy_fd, long long until_ms);
/* A top-level value of a JSON object: a string decoded into `text` (NUL-ended), any other value as its raw bytes. */
struct json_value { int found, is_string; struct buf text; const char *raw; size_t raw_len; };
/* The last top-level `want` of the JSON object in `data`, as JSON.parse reads it, event-name.c: -1 when
 * `data` is not one valid JSON object, else 0 with v->found saying whether it has one. v->text is the caller's to free. */
int json_field(const char *data, size_t len, const char *want, struct json_value *v);
/* A JSON array of strings (`data`, valid JSON) decoded into `into`, joined by `sep`, NUL-ended,
 * event-name.c: -1 when it is empty or holds anything but strings. */
int json_string_list(const char *data, size_t len, char sep, struct buf *into);
/* `len` bytes of `text` as a JSON string, as JSON.stringify writes one, json-string.c. -1 without memory. */
int json_string(struct buf *b, const char *text, size_t len);
/* The top-level "hook_event_name" string of a JSON object payload, as JSON.parse reads it, event-name.c;
 * "" when there is none. */
void event_name(const struct buf *payload, struct buf *name);
/* Run the hook to its end or hookd's deadline, run-hook.c. */
void run_hook(struct run *r);
/* The run failed in the bridge (`what` failed, with errno's word): the first reason is the one the client and the record get, run-hook.c. */
void fail_run(struct run *r, const char *what);

/* stderr on its way to the client: one chunk at a time, written when the client's stderr can take it. */
struct relay { char data[65536]; size_t at, len; int to_client; };
/* Take what stdout has now, hook-output.c; 0 at its EOF. */
int read_stdout(struct run *r, int fd);
/* Read one chunk of stderr into the relay (and the record's first bytes): its size, 0 at EOF (or a
 * failed read), -1 when there is nothing now, hook-output.c. */
ssize_t read_stderr(struct run *r, int fd, struct relay *relay);
/* Pass on what the relay holds without blocking, hook-output.c. */
void pass_stderr(struct relay *relay);
/* After the hook's exit: what the pipes still hold (bounded), hook-output.c. */
void drain_after_exit(struct run *r, int out_fd, int err_fd, struct relay *relay);
/* Make the bridge the subreaper of what the hook starts (Linux), end-hook.c. */
void adopt_orphans(void);
/* Send `sig` to the hook: its group, its sh by pid until reaped, on Linux every process it started, end-hook.c. */
void end_hook(pid_t pid, int sig, int leader_reaped);
/* A canonical hook (--canonical): the HOOKD_HIF_* variables for `client`'s `event` on the payload, set in this
 * process's environment for the hook to inherit, canonical-input.c; -1 (errno) when one cannot be set. */
int set_canonical_env(const char *client, const char *event, const struct buf *payload);
/* Unset every HOOKD_HIF_* variable this process inherited, canonical-input.c: only the bridge gives them. -1 without memory. */
int clear_canonical_env(void);
/* What the client gets for a canonical hook's answer, canonical-answer.c. */
struct client_answer { int exit_code; struct buf out, err; };
/* Read the hook's exit code, stdout and stderr by the spec, and put them in `client`'s terms for `event`:
 * `exit1_blocks` when exit 1 blocks there (Copilot CLI's preToolUse), `silent` what the client needs for no answer. -1 without memory. */
int canonical_answer(const char *client, const char *event, int exit1_blocks, const char *silent, int exit_code, const struct buf *out, const struct buf *err, struct client_answer *a);
/* The state directory by src/common/paths.ts's rule (`given`, else HOOKD_STATE_DIR, else the default) into
 * `out`; -1 for a path neither absolute nor under ~, run-record.c. */
int state_dir(const char *given, char *out, size_t size);
/* mkdir -p, private to the user (0700), inbox-writer.c. */
int mkdirs(char *path);
/* The bytes of an event's record before its payload (src/inbox/record-format.ts), record-bytes.c: the magic, the
 * command, the client's variables hookd emit carries, the bridge's notes (`event` and `cwd` when given). -1 without memory. */
int event_record_head(struct buf *b, const char *command, const char *event, const char *cwd, int canonical);
/* The bytes of a run's record before its payload, stdout and stderr (src/inbox/run-record.ts), record-bytes.c. -1 without memory. */
int run_record_head(struct buf *b, const struct run *r);
/* The inbox writer, inbox-writer.c: a record opened in tmp/, written, then committed by its marker in new/. */
#define INBOX_PATH_MAX 4400 /* the inbox (a 4096-byte state directory and /inbox), then /tmp/ and a record id */
struct inbox_record { int fd; char inbox[4200], tmp[INBOX_PATH_MAX], marker[INBOX_PATH_MAX]; };
enum inbox_status { INBOX_OPEN, INBOX_STORED, INBOX_NOT_OURS, INBOX_NO_INBOX, INBOX_NO_RECORD, INBOX_NOT_STORED };
/* A new record in the inbox of `state` (made when missing, the state directory checked to be the user's): INBOX_OPEN
 * with rec->fd to write to, else why not (rec->inbox names the inbox from INBOX_NO_INBOX on). */
enum inbox_status inbox_open(const char *state, struct inbox_record *rec);
/* Write all of it to the open record; -1 when it fails (a full disk). */
int inbox_write(struct inbox_record *rec, const char *data, size_t n);
/* Close the record and commit it unless `failed` (or the close fails): INBOX_STORED, else INBOX_NOT_STORED, removed. */
enum inbox_status inbox_commit(struct inbox_record *rec, int failed);
/* A bridge's option, as src/clients/bridge-options.ts's tables give it (generated: EMIT_OPTION_TABLE, SYNC_OPTIONS). */
struct bridge_option { const char *flag; int valued; };
/* The words before CMD by parseBridgeArgs's rule on `table` (bridge-options.c): each value into given[k] ("1" for a
 * switch), and where CMD starts (past a `--`). *help when a help word ends them; a word it cannot read leaves why
 * in `why` (else it is ""), and CMD starts at that word. */
int read_bridge_options(const struct bridge_option *table, int count, int argc, char **argv, const char **given, int *help, char *why, size_t why_size);
/* The asynchronous bridge, `hookd emit` (emit.c): store the event in the inbox; EMIT_ASKS_HELP for -h/--help,
 * which Node prints from the command table. Always exit 0 otherwise: a failing bridge must not fail the agent. */
#define EMIT_ASKS_HELP (-1)
int emit_bridge(int argc, char **argv);
/* The synchronous bridge, `hookd sync` (hookd-bridge.c), on the words after `sync`. */
int sync_bridge(int argc, char **argv, long long t0);
/* Put this program in the place of the package's bin/hookd script (front-door-place.c). */
int place_front_door(const char *self, const char *target);
/* A warm hook's answer from the daemon within `budget_ms` (ask-warm.c): 0 with the answer in `answer`, else -1 and why in `why`. */
int ask_warm(const char *given_state, const struct run *r, long long budget_ms, struct buf *answer, char *why, size_t why_size);
/* Store the finished run in the inbox, silently (the client has its answer), run-record.c. */
void record_run(const char *given_state, const struct run *r);

#endif
