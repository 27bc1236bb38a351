/*
 * A canonical hook's answer (--canonical) in the client's terms, as src/hif/read-canonical-answer.ts
 * and src/hif/translate-answer.ts give it, by the rows generated from src/hif/answer-rows.ts into
 * hif-tables.h: exit 2 denies with stderr as the reason; exit 0 reads stdout as {"decision",
 * "reason", "continue", "context", "updated_input"} (empty: allow; not a JSON object, or an unknown
 * decision: a hook error, told on the client's non-blocking exit code); any other exit is handed on as
 * it is, so that a crashed or unstartable guard means what it means to the client without hookd.
 * Both streams are read as text by answerText's rule (well-formed UTF-8, the space around trimmed).
 * An updated_input object beside an allow goes, as the hook wrote its bytes, where the client has a
 * "rewrite" row; elsewhere, and beside ask, the call is blocked with HIF_REWRITE_NOT_CARRIED.
 */
#include "bridge.h"
#include "hif-tables.h"

enum outcome { ALLOW, DENY, ASK, STOP, HOOK_ERROR };

static const struct answer_row *find_row(const char *client, const char *event, const char *outcome) {
  const char *clients[] = { client, client, "*", "*" }, *events[] = { event, "*", event, "*" };
  for (int step = 0; step < 4; step++) {
    for (size_t i = 0; i < HIF_ANSWER_ROW_COUNT; i++) {
      const struct answer_row *row = &HIF_ANSWER_ROWS[i];
      if (strcmp(row->outcome, outcome) == 0 && strcmp(row->client, clients[step]) == 0 && strcmp(row->event, events[step]) == 0) return row;
    }
  }
  return NULL;
}

/* A row's template with the reason, context and event put in (%r %c %e as JSON strings, %C as text, %u the rewritten input's bytes). */
static int render(struct buf *b, const char *template, const struct buf *reason, const struct buf *context, const char *event, const struct json_value *input) {
  int failed = 0;
  for (const char *p = template; *p; p++) {
    if (p[0] == '%' && p[1] && strchr("rceCu", p[1])) {
      char mark = *++p;
      failed |= mark == 'r' ? json_string(b, reason->data, reason->len) : mark == 'c' ? json_string(b, context->data, context->len)
              : mark == 'e' ? json_string(b, event, strlen(event)) : mark == 'u' ? (input && input->raw ? buf_add(b, input->raw, input->raw_len) : buf_add(b, "{}", 2))
              : buf_add(b, context->data, context->len);
    } else failed |= buf_add(b, p, 1);
  }
  return failed;
}

/*
 * `from` as well-formed UTF-8 into `into` (NUL-ended): each ill-formed sequence becomes one U+FFFD, by
 * the WHATWG decoder's rule that Node's Buffer#toString follows (src/hif/read-canonical-answer.ts,
 * answerText): a lead byte with the continuation bytes that fit so far is one U+FFFD, and the byte
 * that did not fit is read again. So both bridges hand the client the same text.
 */
static int well_formed(struct buf *into, const struct buf *from) {
  static const char replacement[] = "\357\277\275";
  const unsigned char *p = (const unsigned char *)from->data;
  size_t n = from->len, i = 0;
  int failed = 0;
  into->len = 0;
  while (i < n) {
    unsigned char c = p[i], lower = 0x80, upper = 0xBF;
    size_t need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
    if (c < 0x80) {
      failed |= buf_add(into, (const char *)p + i++, 1);
      continue;
    }
    if (c == 0xE0) lower = 0xA0;
    if (c == 0xED) upper = 0x9F;
    if (c == 0xF0) lower = 0x90;
    if (c == 0xF4) upper = 0x8F;
    size_t k = 1;
    while (k <= need && i + k < n && p[i + k] >= lower && p[i + k] <= upper) lower = 0x80, upper = 0xBF, k++;
    failed |= need && k > need ? buf_add(into, (const char *)p + i, k) : buf_add(into, replacement, 3);
    i += k;
  }
  return failed | buf_add(into, "", 1) ? -1 : (into->len--, 0);
}

/* The length of the space character (HIF_ANSWER_SPACE, generated from ANSWER_SPACE) `text` starts with, or
 * with `at_end` ends with; 0 for none. */
static size_t space_at(const char *text, size_t len, int at_end) {
  for (const char *s = HIF_ANSWER_SPACE; *s; s += strlen(s) + 1) {
    size_t k = strlen(s);
    if (k <= len && memcmp(at_end ? text + len - k : text, s, k) == 0) return k;
  }
  return 0;
}

/* The hook's bytes as its answer's text (answerText): well-formed UTF-8, without the space around it, into `into`. */
static int answer_text(struct buf *into, const struct buf *from) {
  struct buf text = {0};
  if (well_formed(&text, from) != 0) return free(text.data), -1;
  size_t start = 0, end = text.len, k;
  while (start < end && (k = space_at(text.data + start, end - start, 0))) start += k;
  while (end > start && (k = space_at(text.data + start, end - start, 1))) end -= k;
  into->len = 0;
  int failed = buf_add(into, text.data ? text.data + start : "", end - start) | buf_add(into, "", 1);
  free(text.data);
  return failed ? -1 : (into->len--, 0);
}

/* A string field of the answer into `into` (left empty when absent, not a string, or empty). */
static int string_field(const struct buf *answer, const char *key, struct buf *into) {
  struct json_value v = {0};
  into->len = 0;
  int failed = json_field(answer->data, answer->len, key, &v) == 0 && v.found && v.is_string ? buf_add(into, v.text.data, v.text.len) : 0;
  free(v.text.data);
  return failed;
}

int canonical_answer(const char *client, const char *event, int exit1_blocks, const char *silent, int exit_code, const struct buf *out, const struct buf *err, struct client_answer *a) {
  struct buf text = {0}, reason = {0}, context = {0};
  struct json_value v = {0}, input = {0};
  enum outcome outcome = HOOK_ERROR;
  int rewrite = 0;
  const char *note = NULL;
  int on_stderr = 0, failed = 0;
  if (exit_code == 2) outcome = DENY, on_stderr = 1, failed |= answer_text(&reason, err);
  else if (exit_code == 0 && (failed |= answer_text(&text, out)) == 0 && text.len == 0) outcome = ALLOW;
  else if (exit_code == 0 && json_field(text.data, text.len, "decision", &v) != 0) note = HIF_NOTE_NOT_JSON;
  else if (exit_code == 0) {
    int known = !v.found || (v.is_string && (strcmp(v.text.data, "allow") == 0 || strcmp(v.text.data, "deny") == 0 || strcmp(v.text.data, "ask") == 0) && strlen(v.text.data) == v.text.len);
    failed |= string_field(&text, "reason", &reason) | string_field(&text, "context", &context);
    if (!known) note = HIF_NOTE_UNKNOWN_DECISION;
    else outcome = !v.found || strcmp(v.text.data, "allow") == 0 ? ALLOW : strcmp(v.text.data, "deny") == 0 ? DENY : ASK;
    if (known && json_field(text.data, text.len, "continue", &v) == 0 && v.found && !v.is_string && v.raw_len == 5 && memcmp(v.raw, "false", 5) == 0) outcome = STOP;
    /* JSON.parse keeps the last updated_input: a rewrite when that one is an object. */
    rewrite = (outcome == ALLOW || outcome == ASK) && json_field(text.data, text.len, "updated_input", &input) == 0 && input.found && !input.is_string && input.raw[0] == '{';
  }
  const struct answer_row *rewrite_row = rewrite && outcome == ALLOW ? find_row(client, event, "rewrite") : NULL;
  if (rewrite && !rewrite_row) {
    /* The client cannot take the rewrite here: the call is blocked, with hookd's reason. */
    outcome = DENY, on_stderr = 0, context.len = 0, reason.len = 0;
    failed |= buf_add(&reason, HIF_REWRITE_NOT_CARRIED, strlen(HIF_REWRITE_NOT_CARRIED));
  }
  a->out.len = a->err.len = 0;
  if (rewrite_row) {
    struct buf none = {0};
    a->exit_code = 0;
    failed |= render(&a->out, rewrite_row->stdout_template, &none, &context, event, &input);
  } else if (outcome == HOOK_ERROR && exit_code != 0) {
    a->exit_code = exit_code;
  } else if (outcome == HOOK_ERROR) {
    a->exit_code = exit1_blocks ? 0 : 1;
    if (a->exit_code == 0) failed |= buf_add(&a->out, silent, strlen(silent));
    if (note) failed |= buf_add(&a->err, "hookd sync: ", 12) | buf_add(&a->err, note, strlen(note)) | buf_add(&a->err, "\n", 1);
  } else if (outcome == ALLOW) {
    const struct answer_row *row = context.len ? find_row(client, event, "context") : NULL;
    struct buf none = {0};
    a->exit_code = 0;
    failed |= row ? render(&a->out, row->stdout_template, &none, &context, event, NULL) : buf_add(&a->out, silent, strlen(silent));
  } else {
    const char *word = outcome == DENY ? "deny" : outcome == ASK ? "ask" : "stop";
    const struct answer_row *row = find_row(client, event, word);
    if (!row) row = find_row(client, event, "deny");
    /* The reason, the context on a line after it; the spec's default when both are missing. */
    struct buf full = {0};
    if (reason.len == 0 && !on_stderr) failed |= buf_add(&full, HIF_NO_REASON, strlen(HIF_NO_REASON));
    else failed |= buf_add(&full, reason.data ? reason.data : "", reason.len);
    if (context.len) failed |= (full.len ? buf_add(&full, "\n", 1) : 0) | buf_add(&full, context.data, context.len);
    if (full.len == 0) failed |= buf_add(&full, HIF_NO_REASON, strlen(HIF_NO_REASON));
    a->exit_code = row->exit_code;
    failed |= render(&a->out, row->stdout_template, &full, &context, event, NULL);
    if (a->out.len == 0 && row->exit_code == 0) failed |= buf_add(&a->out, silent, strlen(silent));
    /* Exit 2 from the hook already put its reason on the client's stderr: only the context is added. */
    const struct buf *said = on_stderr ? &context : &full;
    if (row->stderr_reason && said->len) failed |= buf_add(&a->err, said->data, said->len) | buf_add(&a->err, "\n", 1);
    free(full.data);
  }
  free(text.data), free(reason.data), free(context.data), free(v.text.data), free(input.text.data);
  return failed ? -1 : 0;
}
