// The walks of docs/design.md, counted the same way on any checkout: from a walk's roots, every
// function of src/ its calls reach (a "stay"), the files they are in, and the calls that go up the
// layer order of docs/design.md's table (a "climb"). A reader's walk: a function of a support
// folder (LEAVES) is a stay, read by its name, but its own calls are not followed.
//   node scripts/walk-calls.mjs [ROOT] [event|decision|admit]  (LIST=1 names the files and climbs)
// It needs TypeScript 5's compiler API, which the native TypeScript 7 the build uses has not:
// TYPESCRIPT=/path/to/node_modules/typescript (npm install typescript@5 in a scratch folder).
import path from 'node:path';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const ts = require(process.env.TYPESCRIPT ?? 'typescript');
if (typeof ts.createProgram !== 'function') {
  console.error('walk-calls: TYPESCRIPT must name TypeScript 5 (its compiler API); this one has none');
  process.exit(2);
}
const DAEMON = [
  'src/daemon/pipeline/intake.ts#Intake.start',
  'src/daemon/pipeline/dispatch.ts#Dispatcher.admit',
  'src/history/record-history.ts#recordHistory',
];
const WALKS = {
  // An event through `hookd emit` (the Node bridge; the sh bridge is bin/hookd), then the daemon: intake, dispatch, the history's line.
  event: ['src/commands/emit.ts#emitFromArgv', ...DAEMON],
  // A decision through `hookd sync` (the Node bridge; the C one is native/), then its record in the daemon.
  decision: ['src/bridge/sync.ts#syncFromArgv', ...DAEMON],
  admit: ['src/daemon/pipeline/dispatch.ts#Dispatcher.admit'],
};
const LEAVES = new Set([
  'common',
  'os',
  'clients',
  'settings',
  'payload',
  'hif',
  'http',
  'server',
  'telemetry',
  'platform',
]);
const root = path.resolve(process.argv[2] ?? '.');
const rootSpecs = WALKS[process.argv[3] ?? 'event'];
const RANKS = [
  ['.', 'cli'],
  ['commands', 'platform'],
  ['doctor', 'install', 'service'],
  ['daemon'],
  ['bridge'],
  ['dashboard', 'history', 'telemetry', 'cannot-run'],
  ['transport'],
  ['server'],
  ['runner'],
  ['runs'],
  ['inbox'],
  ['hif'],
  ['settings'],
  ['clients'],
  ['payload'],
  ['executor'],
  ['os'],
  ['http', 'common'],
];
const rank = (folder) => RANKS.findIndex((row) => row.includes(folder));
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();
const src = path.join(root, 'src') + path.sep;
const rel = (file) => path.relative(root, file);
const folderOf = (file) => {
  const parts = rel(file).split(path.sep);
  return parts.length > 2 ? parts[1] : '.';
};
const isFn = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessor(n) ||
  ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) &&
    (ts.isVariableDeclaration(n.parent) || ts.isPropertyDeclaration(n.parent) || ts.isPropertyAssignment(n.parent)));
const nameOf = (n) => {
  const own = n.name ?? n.parent?.name;
  const cls = ts.isClassLike(n.parent)
    ? n.parent.name?.text + '.'
    : ts.isClassLike(n.parent?.parent)
      ? n.parent.parent.name?.text + '.'
      : '';
  return `${rel(n.getSourceFile().fileName)}:${cls}${ts.isConstructorDeclaration(n) ? 'constructor' : (own?.getText() ?? '?')}`;
};
// A call through an interface (`executor.run(…)`, executor/executor.ts) is followed to what the
// object holds when a const names it, through the consts that pass it on (`daemonExecutor =
// posixLaunchingExecutor = { run: launchHook, … }`): the implementation this platform runs.
function implOf(expr) {
  let target = expr.expression;
  for (let hops = 0; hops < 8; hops++) {
    let sym = checker.getSymbolAtLocation(target);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    const d = sym?.declarations?.find(ts.isVariableDeclaration);
    let init = d?.initializer;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
      init = init.expression;
    if (!init) return [];
    if (ts.isIdentifier(init)) {
      target = init;
      continue;
    }
    if (!ts.isObjectLiteralExpression(init)) return [];
    const prop = init.properties.find((p) => p.name?.getText() === expr.name.text);
    if (prop && ts.isMethodDeclaration(prop)) return [prop];
    if (prop && ts.isPropertyAssignment(prop))
      return isFn(prop.initializer) ? [prop.initializer] : declOf(prop.initializer);
    if (prop && ts.isShorthandPropertyAssignment(prop))
      return declsOfSymbol(checker.getShorthandAssignmentValueSymbol(prop));
    return [];
  }
  return [];
}
function declOf(expr) {
  const found = declsOf(expr);
  return found.length === 0 && ts.isPropertyAccessExpression(expr) ? implOf(expr) : found;
}
function declsOf(expr) {
  return declsOfSymbol(checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expr) ? expr.name : expr));
}
function declsOfSymbol(sym) {
  if (!sym) return [];
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  const out = [];
  for (const d of sym.declarations ?? []) {
    if (!d.getSourceFile().fileName.startsWith(src)) continue;
    if (isFn(d) && (d.body || ts.isArrowFunction(d))) out.push(d);
    else if (ts.isVariableDeclaration(d) && d.initializer && isFn(d.initializer)) out.push(d.initializer);
    else if (ts.isPropertyDeclaration(d) && d.initializer && isFn(d.initializer)) out.push(d.initializer);
    else if (ts.isClassDeclaration(d)) out.push(...d.members.filter(ts.isConstructorDeclaration));
  }
  return out;
}
function findRoot(spec) {
  const [file, name] = spec.split('#');
  const sf = program.getSourceFile(path.join(root, file));
  let found;
  const visit = (n) => {
    if (!found && isFn(n) && nameOf(n).endsWith(`:${name}`)) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!found) throw new Error(`no ${spec}`);
  return found;
}
const roots = rootSpecs.map(findRoot);
const seen = new Set();
const climbs = new Set();
const queue = [...roots];
while (queue.length) {
  const fn = queue.pop();
  if (seen.has(fn)) continue;
  seen.add(fn);
  // A function of a support folder is read once, by its name: its calls are not followed.
  if (LEAVES.has(folderOf(fn.getSourceFile().fileName)) && !roots.includes(fn)) continue;
  const visit = (n) => {
    if (n !== fn && isFn(n)) {
      queue.push(n);
      return;
    }
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isDecorator(n))
      for (const d of declOf(n.expression)) {
        queue.push(d);
        const from = folderOf(fn.getSourceFile().fileName),
          to = folderOf(d.getSourceFile().fileName);
        if (rank(to) < rank(from)) climbs.add(`${nameOf(fn)} → ${nameOf(d)}`);
      }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn, visit);
}
const files = new Set([...seen].map((fn) => rel(fn.getSourceFile().fileName)));
console.log(JSON.stringify({ stays: seen.size, files: files.size, climbs: climbs.size }));
if (process.env.LIST) {
  for (const f of [...files].sort()) console.log('  ', f);
  for (const c of climbs) console.log('  climb', c);
}
