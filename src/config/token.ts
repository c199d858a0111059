// Token shapes, from the server's token formats: admin `*:*.<secret>`, personal `user:<secret>`,
// client `<project>:<env>.<secret>`; newer servers may add a `v2_` part.

export type TokenKind = 'admin' | 'personal' | 'client' | 'unknown';

export function tokenKind(token: string): TokenKind {
  if (/^user:/.test(token)) return 'personal';
  if (/^\*:\*\./.test(token)) return 'admin';
  if (/^\[?[^:\s]+\]?:[^.\s]+\./.test(token)) return 'client';
  return 'unknown';
}

/** Shows which token it is (its kind prefix) and none of its secret. */
export function maskToken(token: string): string {
  const prefix = /^(user:|[^:\s]{1,64}:[^.\s]{1,64}\.)/.exec(token)?.[1] ?? '';
  return `${prefix}****`;
}

/** Replaces every occurrence of the token in a text meant for a log or an error. */
export function redact(text: string, token: string | undefined): string {
  if (!token || token.length < 4) return text;
  return text.split(token).join(maskToken(token));
}

/** `redact` for every token in play. */
export function redactAll(text: string, tokens: Iterable<string>): string {
  let out = text;
  for (const token of tokens) out = redact(out, token);
  return out;
}
