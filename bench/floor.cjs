// The floor for `flagctl feature get <name> -o json`: the same GET with node:http, the body
// parsed and printed as JSON, and nothing else. bench/run.mjs times it with the same node.
const http = require('node:http');

const name = process.argv[2];
const req = http.get(`${process.env.FLAGCTL_URL}/api/admin/projects/default/features/${encodeURIComponent(name)}`, {
  headers: { authorization: process.env.FLAGCTL_TOKEN, accept: 'application/json' },
});
req.on('response', (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (d) => (body += d));
  res.on('end', () => {
    process.stdout.write(`${JSON.stringify(JSON.parse(body), null, 2)}\n`);
    process.exitCode = res.statusCode === 200 ? 0 : 1;
  });
});
req.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
});
