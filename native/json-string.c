/*
 * A string as JSON.stringify writes it, for everything the bridge writes as JSON: a canonical
 * hook's answer to the client (canonical-answer.c), the warm request to the daemon (ask-warm.c) and
 * hookd emit's message about a state directory it cannot use (emit.c), each as Node writes it.
 */
#include "bridge.h"

int json_string(struct buf *b, const char *text, size_t len) {
  int failed = buf_add(b, "\"", 1);
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)text[i];
    char esc[8];
    const char *named = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
    if (named) failed |= buf_add(b, named, 2);
    else if (c < 0x20) snprintf(esc, sizeof esc, "\\u%04x", c), failed |= buf_add(b, esc, 6);
    else failed |= buf_add(b, &text[i], 1);
  }
  return failed | buf_add(b, "\"", 1);
}
