// The reference for bench/diff.mjs: the same GETs `flagctl export` makes (environments, feature
// list, segments, one document per feature), over 8 keep-alive sockets, bodies parsed as JSON.
// What any Node client must pay for a read-only snapshot. Usage: node get-pool.mjs URL TOKEN
import http from 'node:http';
const [base, token] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const get = (path) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent, headers: { authorization: token, accept: 'application/json' } }, (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (d) => (body += d))
          .on('end', () =>
            res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${path}: ${res.statusCode}`)),
          );
      })
      .on('error', reject);
  });
const P = '/api/admin/projects/default';
const [, list] = await Promise.all([
  get('/api/admin/environments/project/default'),
  get(`${P}/features`),
  get('/api/admin/segments'),
]);
let next = 0;
const worker = async () => {
  while (next < list.features.length)
    await get(`${P}/features/${encodeURIComponent(list.features[next++].name)}?variantEnvironments=true`);
};
await Promise.all(Array.from({ length: 8 }, worker));
agent.destroy();
