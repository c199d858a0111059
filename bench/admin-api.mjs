// The benches' own set-up writes to a real server (seeding flags, strategies, tags): one request,
// and a failure stops the bench with the server's answer.

/** `(method, path, body?)` against the admin API of `url` with `token`; rejects on a non-2xx answer. */
export function adminApi(url, token) {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  };
}
