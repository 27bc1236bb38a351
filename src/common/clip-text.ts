// Log fields carry commands, stderr, paths and error messages that a client or a hook chose: a
// 3 MB command logged on every try made gigabytes a day. Every such field goes through clip().

/** The longest value a log field carries; longer ones keep their head and say how much was cut. */
export const LOG_FIELD_CHARS = 200;

/** `text` cut to `max` characters, marked with how many were left out. */
export function clip(text: string | undefined, max = LOG_FIELD_CHARS): string | undefined {
  if (text === undefined || text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
