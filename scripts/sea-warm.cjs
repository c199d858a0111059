'use strict';
// Run at build time by the single executable's own node (scripts/build-binary.mjs): runs
// `feature get -o json` once against a server in the same process on 127.0.0.1, answering with
// a real-shaped feature document, then writes the bundle's code cache; so it holds what a
// request compiles, not just the bundle's top level (docs/performance.md, "Start-up"). The
// executable's loader, src/startup/sea.ts, compiles the bundle the same way.
//   node sea-warm.cjs <bundle> <cache out> <feature document>
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const vm = require('node:vm');

const [bundle, out, documentFile] = process.argv.slice(2);
const document = fs.readFileSync(documentFile);
// The name the loader gives it, without the build's temp prefix.
const filename = path.basename(bundle).replace(/^\d+\./, '');
// The text as the loader compiles it: the build wrote it wrapped and ASCII.
const script = new vm.Script(fs.readFileSync(bundle, 'latin1'), { filename });
const bundled = { exports: {} };
script.runInThisContext().call(bundled.exports, bundled.exports, require, bundled, 'flagctl.cjs', '.');
process.once('exit', (code) => code === 0 && fs.writeFileSync(out, script.createCachedData()));
const server = http.createServer((req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(document),
);
server.listen(0, '127.0.0.1', () => {
  for (const name of Object.keys(process.env))
    if (/^(flagctl_|(https?|all|no)_proxy$)/i.test(name)) delete process.env[name];
  Object.assign(process.env, {
    FLAGCTL_URL: `http://127.0.0.1:${server.address().port}`,
    FLAGCTL_TOKEN: '*:*.warm-up',
    FLAGCTL_CONFIG_DIR: '/nonexistent',
  });
  process.argv = [process.argv[0], 'flagctl', 'feature', 'get', JSON.parse(document).name, '-o', 'json'];
  bundled.exports.run();
});
