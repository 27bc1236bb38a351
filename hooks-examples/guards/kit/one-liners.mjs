// What an interpreter's one-liner does, in shell terms, so the guards read it as they read a command:
// `python3 -c "import shutil; shutil.rmtree('/')"` is an `rm -r /`, `node -e "fs.readFileSync('.env')"`
// reads `.env`, `perl -e 'system("rm -rf ~")'` runs `rm -rf ~`, and code that downloads and executes is a
// download piped into a shell. Python, Perl, Ruby, JavaScript and PHP are not parsed: the code is scanned
// for the calls that delete a tree, run a shell command or fetch code to run, and for the paths it names.
// A deletion whose path the scan cannot read is reported with the path `$UNRESOLVED` (the guard cannot
// tell where it points, and denies).

// A string literal: '…', "…" or `…`, with backslash escapes.
const LITERAL = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/gs;
const RECURSIVE_DELETE =
  /\b(rmtree|remove_tree|rm_rf|rm_r|remove_dir|remove_entry_secure|remove_entry|rmSync|rmdirSync|rmdir|removedirs|rimraf(?:\.sync)?|Deno\.remove|fs\.rm|promises\.rm|fsPromises\.rm|delete_dir)\s*\(?/g;
const SHELL_CALLS =
  /\b(system|popen|exec|execSync|execFileSync|spawnSync|spawn|check_output|check_call|call|run|Popen|getoutput|getstatusoutput|shell_exec|passthru|proc_open|qx)\s*\(?\s*/g;
const DOWNLOAD =
  /\b(urlopen|urlretrieve|requests\.(get|post)|https?\.get|fetch\s*\(|open-uri|URI\.open|Net::HTTP|LWP|HTTP::Tiny|file_get_contents\s*\(\s*['"]https?:)/;
const RUN_CODE = /\b(exec|eval|instance_eval|Function|compile|runInThisContext|runInNewContext|system)\s*\(/;
const HOME = /expanduser|\bHOME\b|homedir|Path\.home|Dir\.home|\bENV\b/;

const unescape = (text) => text.replace(/\\(.)/gs, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
const literals = (text) => [...text.matchAll(LITERAL)].map((m) => unescape(m[1] ?? m[2] ?? m[3] ?? ''));

/** The text of a call's first argument, from `start` (just after the name and any `(`) to the `,` or `)` that ends it. */
function firstArgument(code, start) {
  let level = 0;
  let quote;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') level++;
    else if (c === ')' || c === ']' || c === '}') {
      if (level === 0) return code.slice(start, i);
      level--;
    } else if ((c === ',' || c === ';' || c === '\n') && level === 0) return code.slice(start, i);
  }
  return code.slice(start);
}

/** The path an argument names: its literals joined as a path, under home when it says so; `$UNRESOLVED` when none. */
function pathOf(argument) {
  const parts = literals(argument).filter((part) => part !== 'HOME');
  const home = HOME.test(argument);
  if (parts.length === 0) return home ? '~' : '$UNRESOLVED';
  const joined = parts.join('/').replace(/\/+/g, '/');
  if (home && !joined.startsWith('~') && !joined.startsWith('/')) return `~/${joined}`;
  if (home && joined.startsWith('/') && /expanduser/.test(argument) === false) return `~${joined}`;
  return joined;
}

/**
 * The shell-equivalent commands of `code` run by interpreter `name`: `{ words }` for a deletion (`rm -r PATH`)
 * or a path the code names (`cat PATH`, so a guard sees a secret it reads), `{ shell }` for a command it hands a
 * shell, and a download piped into `sh` when it fetches code and runs it.
 */
export function oneLinerCommands(name, code) {
  const found = [];
  for (const match of code.matchAll(RECURSIVE_DELETE)) {
    const argument = firstArgument(code, match.index + match[0].length);
    // Python's os.rmdir and Node's rmdir without `recursive` remove an empty folder only.
    if (/^(rmdir|rmdirSync)$/.test(match[1]) && !/recursive/.test(code)) continue;
    found.push({ words: ['rm', '-r', pathOf(argument)] });
  }
  for (const match of code.matchAll(SHELL_CALLS)) {
    const argument = firstArgument(code, match.index + match[0].length).trim();
    if (/^[[(]/.test(argument) || (/^(spawn|spawnSync|execFileSync)$/.test(match[1]) && !/shell/.test(code))) {
      // A list of words (`subprocess.run(['rm', '-rf', '/'])`, `spawnSync('rm', ['-rf', '/'])`).
      const words = literals(
        match[1].startsWith('spawn') || match[1] === 'execFileSync' ? code.slice(match.index) : argument,
      );
      if (words.length) found.push({ words: words.slice(0, 64) });
    } else {
      const [text] = literals(argument);
      if (text !== undefined) found.push({ shell: text });
    }
  }
  // Backquotes and qx{} in Perl and Ruby run a shell.
  if (/^(perl|ruby)$/.test(name)) {
    for (const match of code.matchAll(/`([^`]*)`|%x\{([^}]*)\}|qx\{([^}]*)\}|qx\(([^)]*)\)/g))
      found.push({ shell: match[1] ?? match[2] ?? match[3] ?? match[4] ?? '' });
  }
  for (const text of literals(code)) {
    if (/^[^\s;|&<>]+$/.test(text) && /[./~]/.test(text)) found.push({ words: ['cat', text] });
  }
  if (DOWNLOAD.test(code) && RUN_CODE.test(code))
    found.push({ words: ['sh'], pipedFrom: { words: ['curl', '(the code downloads)'], from: 'code' } });
  return found;
}
