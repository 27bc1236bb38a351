/*
 * A top-level field of a JSON object (json_field: the canonical form's fields, canonical-input.c and
 * canonical-answer.c), and the event a payload names, for a bridge run without --event: the string value of the top-level
 * "hook_event_name" key, read as the Node bridge reads it (JSON.parse, then .hook_event_name): the
 * payload must be one valid JSON object (whitespace around it), a key spelled with escapes counts,
 * the last of duplicate keys wins, and a "hook_event_name" nested in a value never does (a tool's
 * input can hold any text: it must not name the event). Anything else names no event ("").
 * Bytes past ASCII are copied as they are, where Node would first turn invalid UTF-8 into U+FFFD.
 * Iterative, with the open containers on a heap stack: a deep payload cannot overflow the C stack.
 */
#include "bridge.h"

struct scan { const unsigned char *p, *end; };

static void skip_space(struct scan *s) {
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static int hex4(const unsigned char *p, unsigned *value) {
  *value = 0;
  for (int i = 0; i < 4; i++) {
    unsigned char c = p[i];
    unsigned digit = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
    if (digit == 16) return -1;
    *value = *value * 16 + digit;
  }
  return 0;
}

/* One code point as UTF-8 (a lone surrogate as U+FFFD, as Node writes a string holding one). */
static int add_utf8(struct buf *into, unsigned cp) {
  char bytes[4];
  size_t n;
  if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
  if (cp < 0x80) bytes[0] = (char)cp, n = 1;
  else if (cp < 0x800) bytes[0] = (char)(0xC0 | cp >> 6), bytes[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
  else if (cp < 0x10000) bytes[0] = (char)(0xE0 | cp >> 12), bytes[1] = (char)(0x80 | (cp >> 6 & 0x3F)), bytes[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
  else bytes[0] = (char)(0xF0 | cp >> 18), bytes[1] = (char)(0x80 | (cp >> 12 & 0x3F)), bytes[2] = (char)(0x80 | (cp >> 6 & 0x3F)), bytes[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
  return buf_add(into, bytes, n);
}

/* A JSON string at its opening quote, decoded into `into` (when not NULL); -1 when it is not one. */
static int read_string(struct scan *s, struct buf *into) {
  if (s->p >= s->end || *s->p != '"') return -1;
  for (s->p++; s->p < s->end; s->p++) {
    unsigned char c = *s->p;
    if (c == '"') return s->p++, 0;
    if (c < 0x20) return -1;
    if (c != '\\') {
      if (into && buf_add(into, (const char *)s->p, 1) != 0) return -1;
      continue;
    }
    if (++s->p >= s->end) return -1;
    const char *simple = strchr("\"\\/bfnrt", *s->p);
    if (*s->p && simple) {
      static const char decoded[] = "\"\\/\b\f\n\r\t";
      if (into && buf_add(into, &decoded[simple - "\"\\/bfnrt"], 1) != 0) return -1;
      continue;
    }
    unsigned cp, low;
    if (*s->p != 'u' || s->end - s->p < 5 || hex4(s->p + 1, &cp) != 0) return -1;
    s->p += 4;
    /* A high surrogate followed by an escaped low one is one code point. */
    if (cp >= 0xD800 && cp <= 0xDBFF && s->end - s->p >= 7 && s->p[1] == '\\' && s->p[2] == 'u' && hex4(s->p + 3, &low) == 0 && low >= 0xDC00 && low <= 0xDFFF) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      s->p += 6;
    }
    if (into && add_utf8(into, cp) != 0) return -1;
  }
  return -1;
}

static int digits(struct scan *s) {
  const unsigned char *start = s->p;
  while (s->p < s->end && *s->p >= '0' && *s->p <= '9') s->p++;
  return s->p > start ? 0 : -1;
}

static int read_number(struct scan *s) {
  if (s->p < s->end && *s->p == '-') s->p++;
  if (s->p < s->end && *s->p == '0') s->p++;
  else if (digits(s) != 0) return -1;
  if (s->p < s->end && *s->p == '.' && (s->p++, digits(s) != 0)) return -1;
  if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
    s->p++;
    if (s->p < s->end && (*s->p == '+' || *s->p == '-')) s->p++;
    if (digits(s) != 0) return -1;
  }
  return 0;
}

static int read_word(struct scan *s, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0) return -1;
  s->p += n;
  return 0;
}

/* Whether the payload is a valid JSON object; its last top-level `want` value goes to `v` (a string
 * decoded into v->text, any other value as its raw bytes). */
static int scan_payload(struct scan *s, struct buf *stack, struct buf *key, const char *want, struct json_value *v) {
  enum { VALUE, KEY, AFTER } step = VALUE;
  int is_event = 0; /* the value being read is the top level's `want` */
  size_t want_len = strlen(want), span_depth = 0;
  const unsigned char *span = NULL; /* where the wanted container value started, until it closes */
  struct buf *name = &v->text;
  skip_space(s);
  if (s->p >= s->end || *s->p != '{') return -1;
  for (;;) {
    skip_space(s);
    if (step == KEY) {
      key->len = 0;
      if (read_string(s, key) != 0) return -1;
      skip_space(s);
      if (s->p >= s->end || *s->p++ != ':') return -1;
      is_event = stack->len == 1 && key->len == want_len && memcmp(key->data, want, want_len) == 0;
      step = VALUE;
      continue;
    }
    if (step == VALUE) {
      if (s->p >= s->end) return -1;
      unsigned char c = *s->p;
      if (c == '{' || c == '[') {
        char open = (char)c;
        if (is_event) span = s->p, span_depth = stack->len; /* JSON.parse keeps the last */
        if (buf_add(stack, &open, 1) != 0) return -1;
        s->p++, is_event = 0;
        skip_space(s);
        if (s->p < s->end && *s->p == (c == '{' ? '}' : ']')) s->p++, stack->len--, step = AFTER;
        else step = c == '{' ? KEY : VALUE;
        if (span && step == AFTER && stack->len == span_depth) v->found = 1, v->is_string = 0, v->raw = (const char *)span, v->raw_len = (size_t)(s->p - span), span = NULL;
        continue;
      }
      const unsigned char *at = s->p;
      if (c == '"' && is_event) {
        name->len = 0;
        if (read_string(s, name) != 0) return -1;
        v->found = 1, v->is_string = 1;
      } else if (c == '"') {
        if (read_string(s, NULL) != 0) return -1;
      } else {
        int bad = (c == '-' || (c >= '0' && c <= '9')) ? read_number(s) : read_word(s, c == 't' ? "true" : c == 'f' ? "false" : "null");
        if (bad) return -1;
        /* a later non-string value is what JSON.parse keeps */
        if (is_event) v->found = 1, v->is_string = 0, v->raw = (const char *)at, v->raw_len = (size_t)(s->p - at);
      }
      is_event = 0, step = AFTER;
      continue;
    }
    /* AFTER a value: the end of the payload, a comma, or the close of its container. */
    if (stack->len == 0) return s->p == s->end ? 0 : -1;
    if (s->p >= s->end) return -1;
    char top = stack->data[stack->len - 1];
    if (*s->p == ',') s->p++, step = top == '{' ? KEY : VALUE;
    else if (*s->p == (top == '{' ? '}' : ']')) {
      s->p++, stack->len--;
      if (span && stack->len == span_depth) v->found = 1, v->is_string = 0, v->raw = (const char *)span, v->raw_len = (size_t)(s->p - span), span = NULL;
    } else return -1;
  }
}

int json_field(const char *data, size_t len, const char *want, struct json_value *v) {
  struct buf stack = {0}, key = {0};
  struct scan s = { (const unsigned char *)data, (const unsigned char *)data + len };
  v->found = 0, v->is_string = 0, v->raw = NULL, v->raw_len = 0, v->text.len = 0;
  int bad = len == 0 || scan_payload(&s, &stack, &key, want, v) != 0;
  free(stack.data), free(key.data);
  /* A C string; without memory for its NUL, as a payload that is no object. */
  if (!bad && buf_add(&v->text, "", 1) != 0) bad = 1;
  else if (!bad) v->text.len--;
  if (bad) v->found = 0;
  return bad ? -1 : 0;
}

int json_string_list(const char *data, size_t len, char sep, struct buf *into) {
  struct scan s = { (const unsigned char *)data, (const unsigned char *)data + len };
  size_t count = 0;
  skip_space(&s);
  if (s.p >= s.end || *s.p++ != '[') return -1;
  for (;;) {
    skip_space(&s);
    if (count == 0 && s.p < s.end && *s.p == ']') return -1;
    if (count > 0 && buf_add(into, &sep, 1) != 0) return -1;
    if (read_string(&s, into) != 0) return -1;
    count++;
    skip_space(&s);
    if (s.p < s.end && *s.p == ',') s.p++;
    else if (s.p < s.end && *s.p == ']') break;
    else return -1;
  }
  if (buf_add(into, "", 1) != 0) return -1;
  into->len--;
  return 0;
}

void event_name(const struct buf *payload, struct buf *name) {
  struct json_value v = { .text = *name };
  int named = json_field(payload->data, payload->len, "hook_event_name", &v) == 0 && v.found && v.is_string;
  *name = v.text;
  name->len = named ? name->len : 0;
  /* A C string; without memory for its NUL, no name, as for a payload that names none. */
  if (buf_add(name, "", 1) != 0) name->len = 0;
}
