// Base64 as people produce it, made into the one form the API takes. GNU `base64` wraps its output
// at 76 columns, many tools drop the `=` padding, and some write the URL-safe alphabet (`-`, `_`):
// each is the same bytes, so it is normalised (standard alphabet, padded, on one line) before it is
// sent, instead of being refused. Anything else is not base64 and is refused.

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;

/** `text` as padded, unwrapped, standard base64; undefined when it is not base64 at all. */
export function normalizeBase64(text: string): string | undefined {
  // Line breaks and the spaces some tools indent with carry no data.
  const digits = text.replace(/[\s]+/g, '').replace(/=+$/, '');
  if (digits === '') return undefined;
  let standard: string;
  if (STANDARD.test(digits)) standard = digits;
  // One alphabet or the other: `+` beside `-` is not a way anyone writes base64.
  else if (URL_SAFE.test(digits)) standard = digits.replace(/-/g, '+').replace(/_/g, '/');
  else return undefined;
  // One digit over a group of four holds fewer than 8 bits: no encoder writes that.
  if (standard.length % 4 === 1) return undefined;
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
}
