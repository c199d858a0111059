// Preloaded (node --require) by startup-modules.ts: prints the modules the process loaded, at exit.
process.on('exit', () => require('node:fs').writeSync(2, `\nMODULES ${process.moduleLoadList.join(',')}\n`));
