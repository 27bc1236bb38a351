/*
 * The record of a finished run, `hookd-run 1` in the inbox of the state directory, which the daemon
 * turns into history (src/inbox/run-record.ts reads it; src/bridge/record-run.ts is the Node bridge's
 * side): its bytes are record-bytes.c's, the inbox writer inbox-writer.c. Best effort and silent: the
 * client already has the hook's answer, and a line from hookd on stderr would change what it reads.
 */
#include "bridge.h"

#ifdef _WIN32
/* Windows: home is the user's profile folder, a path is absolute with its drive (C:\ or C:/) or as a share
 * (\\server\share), and the default is under %LOCALAPPDATA%. Its backslashes become slashes, which
 * Windows reads alike, so the folders under it are named and made as here. */
#define HOME_VARIABLE "USERPROFILE"
#define IS_ABSOLUTE(s) ((isalpha((unsigned char)(s)[0]) && (s)[1] == ':' && ((s)[2] == '\\' || (s)[2] == '/')) || ((s)[0] == '\\' && (s)[1] == '\\'))
#else
#define HOME_VARIABLE "HOME"
#define IS_ABSOLUTE(s) ((s)[0] == '/')
#endif

int state_dir(const char *given, char *out, size_t size) {
  const char *home = getenv(HOME_VARIABLE) ? getenv(HOME_VARIABLE) : "";
  const char *s = given && *given ? given : getenv(STATE_DIR_VARIABLE); /* an empty flag is no flag, as in paths.ts */
  if (s && *s) {
    if (strcmp(s, "~") == 0) snprintf(out, size, "%s", home);
    else if (strncmp(s, "~/", 2) == 0) snprintf(out, size, "%s/%s", home, s + 2);
    else if (IS_ABSOLUTE(s)) snprintf(out, size, "%s", s);
    else return -1; /* the bridges' rule: an absolute path or one under ~ */
  } else {
#ifdef _WIN32
    const char *local = getenv(STATE_DIR_WINDOWS_VARIABLE);
    if (local && *local) snprintf(out, size, "%s/%s", local, STATE_DIR_NAME);
    else snprintf(out, size, "%s/%s/%s", home, STATE_DIR_WINDOWS_DEFAULT, STATE_DIR_NAME);
#elif defined __APPLE__
    snprintf(out, size, "%s/%s", home, STATE_DIR_MAC);
#else
    const char *xdg = getenv(STATE_DIR_XDG_VARIABLE);
    if (xdg && *xdg) snprintf(out, size, "%s/%s", xdg, STATE_DIR_NAME);
    else snprintf(out, size, "%s/%s/%s", home, STATE_DIR_XDG_DEFAULT, STATE_DIR_NAME);
#endif
  }
#ifdef _WIN32
  for (char *p = out; *p; p++) if (*p == '\\') *p = '/';
#endif
  return 0;
}

/* Store the finished run: its facts, then the payload, the stdout it held and the first bytes of stderr. */
void record_run(const char *given_state, const struct run *r) {
  char state[4096];
  struct buf head = {0};
  struct inbox_record rec;
  if (state_dir(given_state, state, sizeof state) == 0 && run_record_head(&head, r) == 0 && inbox_open(state, &rec) == INBOX_OPEN) {
    int failed = inbox_write(&rec, head.data, head.len) || inbox_write(&rec, r->payload->data, r->payload->len) ||
                 inbox_write(&rec, r->out->data, r->out->len) || inbox_write(&rec, r->err->data, r->err->len);
    /* A short write (a full disk) leaves no record for the daemon to misread. */
    (void)inbox_commit(&rec, failed);
  }
  free(head.data);
}
