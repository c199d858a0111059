import type { ApiClient } from '../../api/http/client.js';
import { ApiError } from '../../errors.js';
import { tokenKind } from '../../config/token.js';

/**
 * A cheap admin read that every supported server answers: a one-feature search. At login the
 * usual hint (run `auth login`) is no help: the hint says what is wrong with the token instead.
 */
export async function checkToken(client: ApiClient, at: 'login' | 'status' = 'status', token?: string): Promise<void> {
  try {
    await client.get('/api/admin/search/features', new URLSearchParams({ limit: '1' }));
  } catch (err) {
    if (at === 'login' && err instanceof ApiError && (err.status === 401 || err.status === 403))
      err.hint = loginHint(err.status, token);
    throw err;
  }
}

function loginHint(status: number, token: string | undefined): string {
  const kind = token === undefined ? 'unknown' : tokenKind(token);
  if (kind === 'client')
    return 'This is a client (SDK) token: the admin API needs an admin token (*:*.…) or a personal access token (user:…).';
  if (status === 403)
    return 'The server knows this token but it may not read flags: use an admin token or a personal access token with read access.';
  const shape = kind === 'unknown' ? ' It does not look like an Unleash token (admin *:*.…, personal user:…).' : '';
  return `The server does not accept this token: it may be mistyped or cut short, expired, revoked, or made on another server.${shape}`;
}
