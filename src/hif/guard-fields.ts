// What the shipped guards (hooks-examples/guards/kit/canonical.mjs) take from hookd: the bridges' rule
// for reading a payload and the clients hookd knows. scripts/bundle-cli.mjs bundles this module into
// one file, dist/guard-fields.js: a guard that runs cold loads that file, not the ~100 modules behind it.
export { canonicalFields, CANONICAL_VARIABLES } from './canonical-input.js';
export { CLIENT_IDS, clientFromEnv } from '../clients/registry.js';
