// Reading a HIF manifest from a file: JSON or YAML (the spec requires both and the same structure
// from either, hooks.md §3.1), bounded and regular files only (a manifest may come from a cloned
// repository), then checked against the schema. Validation returns data; the command turns issues
// into an exit code.
import { parseDocument } from 'yaml';
import { readBoundedFile } from '../common/read-bounded-file.js';
import { formatIssues } from '../common/format-issues.js';
import { manifestSchema, type HifManifest } from './manifest-schema.js';

/** A manifest, read and checked, or every reason it is not one, each naming the file. */
export type ManifestRead = { ok: true; manifest: HifManifest } | { ok: false; issues: string[] };

/** Parse `text` (JSON or YAML: JSON is YAML, so one parser reads both) and check it as a manifest. */
export function parseManifestText(text: string, file: string): ManifestRead {
  // A document of aliases that expands to millions of nodes is refused by the parser's own bound.
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      issues: doc.errors.map(
        (error) => `${file}: line ${(error.linePos?.[0].line ?? 0) || '?'}: ${error.message.split('\n')[0]}`,
      ),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { ok: false, issues: [`${file}: ${(error as Error).message}`] };
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) return { ok: false, issues: formatIssues(parsed.error.issues, file) };
  return { ok: true, manifest: parsed.data };
}

/** Read and check the manifest in `file`. */
export async function readManifestFile(file: string): Promise<ManifestRead> {
  const read = await readBoundedFile(file);
  if (!read.ok) return { ok: false, issues: [`${file}: ${read.reason}`] };
  return parseManifestText(read.text, file);
}
