/*
 * The words before CMD, for both bridges (emit.c, hookd-bridge.c), by parseBridgeArgs's rule
 * (src/clients/bridge-options.ts) on the table generated from its EMIT_OPTIONS or SYNC_OPTIONS:
 * `--flag value` or `--flag=value` (a switch takes none), a later one winning; then an optional `--`,
 * or the first word not starting with `-`, begins CMD. A word before it that is no option, a switch
 * given a value or an option without its value is unreadable, said in the TypeScript's words, so
 * that nothing runs as `sh -c --opt`.
 */
#include "bridge.h"

int read_bridge_options(const struct bridge_option *table, int count, int argc, char **argv, const char **given, int *help, char *why, size_t why_size) {
  int i = 0;
  *help = 0, why[0] = 0;
  for (; i < argc; i++) {
    const char *word = argv[i];
    if (strcmp(word, "--") == 0 || strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0 || word[0] != '-') break;
    const char *equals = strncmp(word, "--", 2) == 0 ? strchr(word, '=') : NULL;
    size_t flag_len = equals ? (size_t)(equals - word) : strlen(word);
    int k = 0;
    while (k < count && !(strlen(table[k].flag) == flag_len && strncmp(word, table[k].flag, flag_len) == 0)) k++;
    if (k == count) return snprintf(why, why_size, "unknown option %s", word), i;
    if (!table[k].valued && equals) return snprintf(why, why_size, "%s takes no value (%s)", table[k].flag, word), i;
    if (!table[k].valued) given[k] = "1";
    else if (equals) given[k] = equals + 1;
    else if (i + 1 < argc) given[k] = argv[++i];
    else return snprintf(why, why_size, "%s needs a value", word), i;
  }
  if (i < argc && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) *help = 1;
  else if (i < argc && strcmp(argv[i], "--") == 0) i++;
  return i;
}
