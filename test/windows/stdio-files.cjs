// Runs under node.exe (wine): a Linux pipe cannot be node.exe's stdin or stdout (libuv opens it as a
// named pipe and fails with EBADF), so test/windows/wine.ts hands a Windows program its stdin and
// takes its output through files. Usage: node.exe stdio-files.cjs IN OUT ERR -- PROGRAM ARGS...
// (IN: a file, or '-' for none): PROGRAM runs with Windows pipes, its stdin the bytes of IN, its
// stdout and stderr written to OUT and ERR as they came, and its exit code this one's.
const { spawn } = require('child_process');
const fs = require('fs');

const [input, out, err, dashes, program, ...args] = process.argv.slice(2);
if (dashes !== '--' || !program) {
  fs.writeSync(2, 'usage: stdio-files.cjs IN OUT ERR -- PROGRAM ARGS...\n');
  process.exit(2);
}
const child = spawn(program, args, { windowsHide: true, stdio: ['pipe', 'pipe', 'pipe'] });
const outChunks = [];
const errChunks = [];
child.stdout.on('data', (chunk) => outChunks.push(chunk));
child.stderr.on('data', (chunk) => errChunks.push(chunk));
// A program that exits before reading all of it is not this shim's error.
child.stdin.on('error', () => {});
child.stdin.end(input === '-' ? Buffer.alloc(0) : fs.readFileSync(input));
child.on('error', (error) => {
  fs.writeFileSync(err, `stdio-files: ${error.message}\n`);
  process.exit(127);
});
child.on('close', (code, signal) => {
  fs.writeFileSync(out, Buffer.concat(outChunks));
  fs.writeFileSync(err, Buffer.concat(errChunks));
  process.exit(code ?? (signal ? 128 : 1));
});
