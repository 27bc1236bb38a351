// Words that run the rest of their line as a command of their own (`sudo`, `env`, `nice`, `timeout`,
// `xargs`, `busybox`…), and the commands `find` runs (`-exec`, `-delete`): a guard reads what runs, not
// the wrapper. Each wrapper's own options are skipped with their values, so `sudo -u root rm -rf /`
// is an rm and `timeout -s KILL 10 rm -rf /` too.
import path from 'node:path';

/** Per wrapper: its options that take a value (a separate word), and how the command starts after them. */
const WRAPPERS = {
  sudo: { values: /^-[ugCDhprtUT]$|^--(user|group|chdir|host|prompt|role|type|other-user|command-timeout)$/ },
  doas: { values: /^-[uC]$/ },
  env: { values: /^-[uCS]$|^--(unset|chdir|split-string)$/, assignments: true },
  nice: { values: /^-n$|^--adjustment$/ },
  nohup: {},
  chronic: {},
  unbuffer: {},
  eatmydata: {},
  fakeroot: {},
  caffeinate: { values: /^-[tw]$/ },
  nocorrect: {},
  noglob: {},
  builtin: {},
  command: { values: /^$/ },
  exec: { values: /^-a$/ },
  time: { values: /^-[fo]$|^--(format|output)$/ },
  timeout: { values: /^-[sk]$|^--(signal|kill-after)$/, then: 1 },
  stdbuf: { values: /^-[ioe]$|^--(input|output|error)$/ },
  ionice: { values: /^-[cnpPut]$|^--(class|classdata|pid|pgid|uid)$/ },
  setsid: {},
  chrt: { values: /^$/, then: 1 },
  taskset: { values: /^$/, then: 1 },
  strace: { values: /^-[oepsSEIuUaXP]$/ },
  ltrace: { values: /^-[oepsSEIuUaXP]$/ },
  runuser: { values: /^-[ugG]$|^--(user|group|supp-group)$/ },
  busybox: {},
  npx: { values: /^-p$|^--package$/ },
  bunx: {},
  pnpx: {},
  xargs: {
    values:
      /^-[adEILnPs]$|^--(arg-file|delimiter|eof|max-lines|max-args|max-procs|max-chars|replace|process-slot-var)$/,
    stdinArgs: true,
  },
};

/** Programs that take a whole command as one string to run with sh: `watch 'rm -rf /'`, `su -c CMD`. */
const STRING_RUNNERS = {
  watch: { values: /^-[nqd]$|^--(interval|differences)$/, joined: true },
  su: { code: /^-c$|^--command$/ },
  script: { code: /^-c$|^--command$/ },
  flock: { code: /^-c$|^--command$/ },
};

const FIND_VALUES = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-type',
  '-xtype',
  '-newer',
  '-anewer',
  '-cnewer',
  '-user',
  '-group',
  '-perm',
  '-size',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-maxdepth',
  '-mindepth',
  '-printf',
  '-fprint',
  '-fprint0',
  '-fls',
  '-links',
  '-inum',
  '-samefile',
  '-used',
  '-uid',
  '-gid',
  '-lname',
  '-ilname',
  '-context',
  '-fstype',
  '-regextype',
  '-newermt',
]);

const base = (word) => path.basename(word ?? '');

/**
 * `words` without leading `VAR=value` words and wrappers: `{ words, globs, stdinArgs, runs, commands, cwd }`,
 * where `runs` are texts a wrapper hands to a shell (`watch 'rm -rf /'`, `su -c …`), `commands` the
 * commands `find` runs (`-exec rm -rf {} +`; `-delete` is an `rm -r` of what it walks), and `cwd` the
 * directory a wrapper moves to (`env -C DIR`, `sudo -D DIR`).
 */
export function unwrap(words, globs = words.map(() => false)) {
  let i = 0;
  let stdinArgs = false;
  let cwd;
  const runs = [];
  const commands = [];
  for (let round = 0; round < 32; round++) {
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i])) i++;
    const name = base(words[i]);
    if (i >= words.length) break;
    const runner = STRING_RUNNERS[name];
    if (runner) {
      const rest = words.slice(i + 1);
      const c = runner.code ? rest.findIndex((word) => runner.code.test(word)) : -1;
      if (c !== -1 && rest[c + 1] !== undefined) runs.push({ text: rest[c + 1], from: `${name} -c` });
      else if (runner.joined) {
        let j = 0;
        while (j < rest.length && rest[j].startsWith('-')) j += runner.values.test(rest[j]) ? 2 : 1;
        if (j < rest.length) runs.push({ text: rest.slice(j).join(' '), from: name });
      }
      break;
    }
    const wrapper = WRAPPERS[name];
    if (!wrapper) break;
    if (name === 'command' && /^-[a-zA-Z]*[vV]/.test(words[i + 1] ?? '')) break; // `command -v rm` only looks it up.
    i++;
    if (wrapper.stdinArgs) stdinArgs = true;
    while (i < words.length && (words[i].startsWith('-') || (wrapper.assignments && /^[A-Za-z_]\w*=/.test(words[i])))) {
      const word = words[i];
      if (word === '--') {
        i++;
        break;
      }
      if (name === 'env' && (word === '-S' || word === '--split-string' || word.startsWith('--split-string='))) {
        // `env -S 'rm -rf /'`: the string is split into the command's words.
        const split = word.includes('=') ? word.slice(word.indexOf('=') + 1) : (words[i + 1] ?? '');
        const rest = words.slice(i + (word.includes('=') ? 1 : 2));
        const inner = [...split.split(/\s+/).filter(Boolean), ...rest];
        return merge(unwrap(inner), { stdinArgs, cwd, runs, commands });
      }
      if (
        (name === 'env' && (word === '-C' || word === '--chdir')) ||
        (name === 'sudo' && (word === '-D' || word === '--chdir'))
      )
        cwd = words[i + 1];
      else if (word.startsWith('--chdir=')) cwd = word.slice('--chdir='.length);
      const takesValue = wrapper.values?.test(word) && !word.includes('=');
      i += takesValue ? 2 : 1;
    }
    i += wrapper.then ?? 0; // timeout's duration, chrt's priority, taskset's mask
  }
  const rest = words.slice(i);
  const restGlobs = globs.slice(i);
  if (base(rest[0]) === 'find') commands.push(...findRuns(rest));
  return { words: rest, globs: restGlobs, stdinArgs, runs, commands, cwd };
}

function merge(inner, outer) {
  return {
    ...inner,
    stdinArgs: inner.stdinArgs || outer.stdinArgs,
    cwd: inner.cwd ?? outer.cwd,
    runs: [...outer.runs, ...inner.runs],
    commands: [...outer.commands, ...inner.commands],
  };
}

/**
 * What `find ROOTS… EXPRESSION` runs: `-exec`/`-execdir`/`-ok`/`-okdir CMD … ;|+` is CMD with `{}`
 * standing for a path under each root; `-delete` removes what it walks, an `rm -r` of each root at worst.
 */
export function findRuns(words) {
  let i = 1;
  while (i < words.length && /^-[HLP]$|^-D$|^-O\d*$/.test(words[i])) i += words[i] === '-D' ? 2 : 1;
  const roots = [];
  while (i < words.length && !words[i].startsWith('-') && words[i] !== '(' && words[i] !== '!' && words[i] !== ',')
    roots.push(words[i++]);
  if (roots.length === 0) roots.push('.');
  const commands = [];
  // `{}` is a path under each root, named as the last -name test says when there is one.
  let named = '{}';
  for (let j = i; j < words.length; j++) if (/^-i?name$/.test(words[j]) && words[j + 1]) named = words[j + 1];
  for (; i < words.length; i++) {
    const word = words[i];
    if (FIND_VALUES.has(word)) i++;
    else if (word === '-fprintf') i += 2;
    else if (word === '-delete') {
      // Without a test, -delete empties each root; with one (`-name '*.pyc'`), it removes what matches under it.
      const filtered = words.some((w, j) => j > 1 && FIND_VALUES.has(w) && !/^-(max|min)depth$/.test(w));
      const targets = filtered ? roots.map((root) => path.posix.join(root, named)) : roots;
      commands.push({ words: ['rm', '-r', ...targets], globs: targets.map(() => false), from: 'find -delete' });
    } else if (/^-(exec|execdir|ok|okdir)$/.test(word)) {
      const run = [];
      for (i++; i < words.length && words[i] !== ';' && !(words[i] === '+' && run.at(-1) === '{}'); i++)
        run.push(words[i]);
      if (run.length === 0) continue;
      // `find / -exec rm -rf {} +` deletes under /; `find . -name .env -exec cat {} \;` reads ./.env.
      const expanded = run.flatMap((arg) =>
        arg.includes('{}') ? roots.map((root) => arg.replaceAll('{}', path.posix.join(root, named))) : [arg],
      );
      commands.push({ words: expanded, globs: expanded.map(() => false), from: `find ${word}` });
    }
  }
  return commands;
}
