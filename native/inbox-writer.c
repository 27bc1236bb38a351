/*
 * The native bridge's one inbox writer, for both records it stores: hookd emit's event (emit.c) and
 * the synchronous bridge's run (run-record.c); what goes in them is record-bytes.c's. It writes as
 * src/inbox/write-record.ts does: the record in tmp/<id>, then its commit marker, an empty new/<id>,
 * both created exclusively and private to the user (0600, folders 0700). Not fsync'd: bin/hookd's sh
 * cannot, and one durability rule holds for every writer (docs/files.md). A record that cannot be
 * written whole is removed, so the daemon's intake never takes half of one for a dead bridge's.
 * The state directory must be the user's (src/common/paths.ts, ownedByOther): checked before
 * anything is made there, and again after making the inbox (another user could have made it in
 * between). POSIX files: the Windows bridge compiles this file as it is, its calls given Windows bodies by
 * native/win/posix.h (no owner by uid there: the folder under the user's profile is theirs).
 */
#include "bridge.h"

int mkdirs(char *path) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    (void)mkdir(path, 0700); /* exists already, or the last mkdir below says why not */
    *p = '/';
  }
  return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static int not_ours(const char *state) {
  struct stat st;
  return stat(state, &st) == 0 && st.st_uid != geteuid();
}

/* tmp/ then new/ (a marker never waits for a folder its record lacks), as ensureInboxDirs makes them. */
static int make_inbox(const char *inbox) {
  char dir[INBOX_PATH_MAX];
  snprintf(dir, sizeof dir, "%s/tmp", inbox);
  if (mkdirs(dir) != 0) return -1;
  snprintf(dir, sizeof dir, "%s/new", inbox);
  return mkdirs(dir);
}

/* A new record's file in tmp/, named c<pid>.<ms>.<n> (newRecordId's n<pid>.<ms>.<random>, with a
 * counter for the random part): -1 with errno when none can be created. */
static int create_record(struct inbox_record *rec) {
  int fd = -1;
  for (int n = 0; n < 50 && fd < 0; n++) {
    char id[64];
    snprintf(id, sizeof id, "c%d.%lld.%d", (int)getpid(), now_ms(CLOCK_REALTIME), n);
    snprintf(rec->tmp, sizeof rec->tmp, "%s/tmp/%s", rec->inbox, id);
    snprintf(rec->marker, sizeof rec->marker, "%s/new/%s", rec->inbox, id);
    if (access(rec->marker, F_OK) == 0) continue;
    fd = open(rec->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  }
  return fd;
}

enum inbox_status inbox_open(const char *state, struct inbox_record *rec) {
  rec->fd = -1;
  umask(077);
  if (not_ours(state)) return INBOX_NOT_OURS;
  snprintf(rec->inbox, sizeof rec->inbox, "%s/inbox", state);
  char dir[INBOX_PATH_MAX];
  snprintf(dir, sizeof dir, "%s/new", rec->inbox);
  int made = 0;
  if (access(dir, F_OK) != 0) {
    if (make_inbox(rec->inbox) != 0) return INBOX_NO_INBOX;
    if (not_ours(state)) return INBOX_NOT_OURS;
    made = 1;
  }
  rec->fd = create_record(rec);
  /* new/ is there but tmp/ is not (deleted under the daemon): made, as writeRecord makes it on ENOENT. */
  if (rec->fd < 0 && errno == ENOENT && !made && make_inbox(rec->inbox) == 0 && !not_ours(state)) rec->fd = create_record(rec);
  return rec->fd < 0 ? INBOX_NO_RECORD : INBOX_OPEN;
}

int inbox_write(struct inbox_record *rec, const char *data, size_t n) { return n ? write_all(rec->fd, data, n) : 0; }

enum inbox_status inbox_commit(struct inbox_record *rec, int failed) {
  /* close's error counts: on some file systems a write's failure (a full disk) shows only there. */
  failed |= close(rec->fd) != 0;
  rec->fd = -1;
  int m = failed ? -1 : open(rec->marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (m >= 0 && close(m) == 0) return INBOX_STORED; /* an empty file: nothing was written that close could lose */
  (void)unlink(rec->tmp);
  return INBOX_NOT_STORED;
}
