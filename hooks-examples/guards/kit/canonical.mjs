// The bridges' own rule for reading a payload and the clients hookd knows (src/hif/guard-fields.ts,
// bundled into one file, dist/guard-fields.js), loaded once per process, when a guard first needs them.
let loaded;
const load = () =>
  (loaded ??= import(new URL('../../../dist/guard-fields.js', import.meta.url).href).then((fields) => ({
    input: fields,
    registry: fields,
  })));

/** The canonical variables hookd's bridge sets for `client`'s `event` on `payload` (an object). */
export async function canonicalFields(client, event, payload) {
  const { input } = await load();
  return input.canonicalFields(client, event, Buffer.from(JSON.stringify(payload)));
}

/** The ids of the clients hookd knows. */
export async function clientIds() {
  return (await load()).registry.CLIENT_IDS;
}

/** The client whose variables `env` holds, if any. */
export async function clientFromEnv(env) {
  return (await load()).registry.clientFromEnv(env);
}

/** The HOOKD_HIF_* variables, by the field each holds (`event`, `tool`, `command`, `file`, `client`). */
export async function canonicalVariables() {
  return (await load()).input.CANONICAL_VARIABLES;
}
