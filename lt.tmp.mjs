// which third-party packages a module pulls in, and total cpu
import { createRequire } from 'node:module';
const c0 = process.cpuUsage(); await import(process.argv[2]); const c = process.cpuUsage(c0);
console.log(process.argv[2], ((c.user + c.system) / 1000).toFixed(0), 'ms cpu');
