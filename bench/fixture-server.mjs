// A fast fixture server for the benchmarks, run as its own process on 127.0.0.1.
// It generates realistic feature documents on the fly (several environments, tags,
// lifecycle) and pages search results at the real server's cap of 100.
//
//   node bench/fixture-server.mjs <total-features>   -> prints {"url": ...} on stdout when ready

import { createServer } from 'node:http';
import { BASE, searchFeature } from './search-feature.mjs';

const TOTAL = Number(process.argv[2] ?? 50_000);

function fullFeature(name) {
  return {
    name,
    type: 'release',
    project: 'default',
    description: 'Benchmark feature',
    stale: false,
    archived: false,
    impressionData: false,
    createdAt: new Date(BASE).toISOString(),
    createdBy: { id: 1, name: 'bench', imageUrl: '' },
    lifecycle: { stage: 'live', enteredStageAt: new Date(BASE).toISOString() },
    tags: [{ type: 'simple', value: 'bench' }],
    environments: ['development', 'production'].map((env) => ({
      name: env,
      type: env,
      enabled: true,
      lastSeenAt: null,
      strategies: [
        {
          id: `s-${env}`,
          name: 'flexibleRollout',
          title: 'Rollout',
          disabled: false,
          segments: [1],
          parameters: { rollout: '50', stickiness: 'default', groupId: name },
          constraints: [
            { contextName: 'appName', operator: 'IN', values: ['web', 'ios'], inverted: false, caseInsensitive: false },
          ],
          variants: [
            {
              name: 'a',
              weight: 1000,
              weightType: 'variable',
              stickiness: 'default',
              payload: { type: 'json', value: '{"x":1}' },
            },
          ],
        },
      ],
      variants: [],
    })),
    variants: [],
    dependencies: [],
    children: [],
    collaborators: { users: [] },
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/api/admin/search/features') {
    const asked = Number(url.searchParams.get('limit'));
    const limit = Number.isInteger(asked) && asked > 0 && asked <= 100 ? asked : 50; // as the real server
    const offset = Math.max(0, Number(url.searchParams.get('offset')) || 0);
    const features = [];
    for (let i = offset; i < Math.min(TOTAL, offset + limit); i++) features.push(searchFeature(i));
    return send(res, 200, { features, total: TOTAL });
  }
  const m = /^\/api\/admin\/projects\/[^/]+\/features\/([^/]+)$/.exec(url.pathname);
  if (m) return send(res, 200, fullFeature(decodeURIComponent(m[1])));
  send(res, 404, { name: 'NotFoundError', message: 'not found' });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
