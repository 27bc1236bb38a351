/*
 * What a canonical hook (--canonical) reads beside the payload: the HOOKD_HIF_* variables, read from
 * the payload as src/hif/canonical-input.ts reads them (the tables and field names are generated
 * from there into hif-tables.h): the canonical event and tool (the client's own table, else any
 * client's, else the name as it is), the shell command and the file the tool acts on (in the tool's
 * input, else in the payload itself, as Cursor's split events carry them), and the client.
 * A value holding a NUL, or empty, is left out, as a variable cannot hold it.
 */
#include "bridge.h"
#include "hif-tables.h"

extern char **environ;

static const char *canonical_name(const struct name_row *rows, size_t n, const char *client, const char *native) {
  for (size_t i = 0; i < n; i++) if (strcmp(rows[i].client, client) == 0 && strcmp(rows[i].native, native) == 0) return rows[i].canonical;
  for (size_t i = 0; i < n; i++) if (strcmp(rows[i].native, native) == 0) return rows[i].canonical;
  return native;
}

/* The first of `keys` (NUL-separated) whose value in the object `data` is a string, decoded into v->text. */
static int first_string(const char *data, size_t len, const char *keys, struct json_value *v) {
  for (const char *key = keys; *key; key += strlen(key) + 1) {
    if (json_field(data, len, key, v) == 0 && v->found && v->is_string) return 0;
  }
  return -1;
}

/* Set `name` to `value` (of `len` bytes) unless it is empty or holds a NUL. */
static int put(const char *name, const char *value, size_t len) {
  if (!value || len == 0 || strlen(value) != len) return 0;
  return setenv(name, value, 1);
}

int set_canonical_env(const char *client, const char *event, const struct buf *payload) {
  struct json_value v = {0}, args = {0}, call = {0};
  const char *data = payload->data ? payload->data : "";
  size_t len = payload->len;
  int failed = put(HIF_VAR_CLIENT, client, strlen(client));
  if (*event) failed |= put(HIF_VAR_EVENT, canonical_name(HIF_EVENT_ROWS, HIF_EVENT_ROW_COUNT, client, event), strlen(canonical_name(HIF_EVENT_ROWS, HIF_EVENT_ROW_COUNT, client, event)));
  /* Where the tool's name and input are: the payload's top level, else the call it nests (Cline's
   * tool_call: {name, input}) when it names no tool at its top level. */
  const char *top = data, *name_fields = HIF_TOOL_NAME_FIELDS, *input_fields = HIF_TOOL_INPUT_FIELDS;
  size_t top_len = len;
  int named = first_string(data, len, HIF_TOOL_NAME_FIELDS, &v) == 0;
  for (size_t i = 0; !named && i < HIF_TOOL_CALL_COUNT && top == data; i++) {
    const struct tool_call *keys = &HIF_TOOL_CALLS[i];
    if (json_field(data, len, keys->field, &call) == 0 && call.found && !call.is_string && json_field(call.raw, call.raw_len, "", &v) == 0)
      top = call.raw, top_len = call.raw_len, name_fields = keys->name, input_fields = keys->input;
  }
  if (first_string(top, top_len, name_fields, &v) == 0) {
    const char *tool = canonical_name(HIF_TOOL_ROWS, HIF_TOOL_ROW_COUNT, client, v.text.data);
    failed |= put(HIF_VAR_TOOL, tool, tool == v.text.data ? v.text.len : strlen(tool));
  } else {
    for (size_t i = 0; i < HIF_EVENT_TOOL_COUNT; i++) if (strcmp(HIF_EVENT_TOOLS[i].native, event) == 0) failed |= put(HIF_VAR_TOOL, HIF_EVENT_TOOLS[i].canonical, strlen(HIF_EVENT_TOOLS[i].canonical));
  }
  /* The tool's input: the first input field present, when it is an object (Copilot CLI's older
   * toolArgs: a string holding one); else the payload itself. */
  const char *input = data;
  size_t input_len = len;
  for (const char *key = input_fields; *key; key += strlen(key) + 1) {
    if (json_field(top, top_len, key, &args) != 0 || !args.found) continue;
    const char *at = args.is_string ? args.text.data : args.raw;
    size_t at_len = args.is_string ? args.text.len : args.raw_len;
    if (json_field(at, at_len, "", &v) == 0) input = at, input_len = at_len; /* a valid object */
    break;
  }
  if (first_string(input, input_len, HIF_COMMAND_FIELDS, &v) == 0) failed |= put(HIF_VAR_COMMAND, v.text.data, v.text.len);
  else {
    /* A list of commands (Cline's run_commands), one per line; a list holding anything but strings is none. */
    for (const char *key = HIF_COMMAND_LIST_FIELDS; *key; key += strlen(key) + 1) {
      if (json_field(input, input_len, key, &v) != 0 || !v.found || v.is_string) continue;
      v.text.len = 0;
      if (json_string_list(v.raw, v.raw_len, '\n', &v.text) == 0) failed |= put(HIF_VAR_COMMAND, v.text.data, v.text.len);
      break;
    }
  }
  if (first_string(input, input_len, HIF_FILE_FIELDS, &v) == 0) failed |= put(HIF_VAR_FILE, v.text.data, v.text.len);
  free(v.text.data), free(args.text.data), free(call.text.data);
  return failed ? -1 : 0;
}

/* Every HOOKD_HIF_* variable this process inherited leaves its environment: a hook that reads one
 * believes it runs behind hookd (issue 41, 4). Each unsetenv changes environ, so it looks again from the
 * start until none is left (an entry without "=" is no variable). -1 without memory. */
int clear_canonical_env(void) {
  size_t prefix = strlen(HIF_VAR_PREFIX);
  for (int found = 1; found;) {
    found = 0;
    for (char **e = environ; *e && !found; e++) {
      const char *eq = strchr(*e, '=');
      if (!eq || strncmp(*e, HIF_VAR_PREFIX, prefix) != 0) continue;
      char *name = strndup(*e, (size_t)(eq - *e));
      if (!name) return -1;
      found = unsetenv(name) == 0;
      free(name);
    }
  }
  return 0;
}
