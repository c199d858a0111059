import { UsageError } from '../errors.js';

// Token shapes, from the server's token formats: admin `*:*.<secret>`, personal `user:<secret>`,
// client `<project>:<env>.<secret>`; newer servers may add a `v2_` part.

export type TokenKind = 'admin' | 'personal' | 'client' | 'unknown';

export function tokenKind(token: string): TokenKind {
  if (/^user:/.test(token)) return 'personal';
  if (/^\*:\*\./.test(token)) return 'admin';
  if (/^\[?[^:\s]+\]?:[^.\s]+\./.test(token)) return 'client';
  return 'unknown';
}

/**
 * A token as read from `source` (an environment variable, stdin, the config): ONE trailing
 * newline (\n or \r\n) is dropped, as gh does, since `echo` and here-strings add one. Any other
 * control character, white space, or character outside printable ASCII (a zero-width space
 * pasted with it, a non-Latin-1 letter) is refused: it would fail as an HTTP header or reach
 * the server mangled, and the message must not echo the token.
 */
export function checkedToken(raw: string, source: string): string {
  const token = raw.replace(/\r?\n$/, '');
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(token);
  const outside = control ? null : /[^\x20-\x7e]/u.exec(token);
  if (outside) {
    const code = `U+${outside[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new UsageError(
      `${source}: the token contains a character an HTTP header cannot carry (${code}); a token is printable ASCII, such as *:*.<secret>, user:<secret> or <project>:<env>.<secret>`,
      'Copy the token again from the server: a character that is not part of a token (often an invisible one) came with it.',
    );
  }
  if (control || / /.test(token)) {
    throw new UsageError(
      `${source}: the token contains ${control ? 'a control character' : 'white space'}; give exactly one token, on one line`,
      'Check for a stray line break, tab or space where the token was pasted or saved.',
    );
  }
  return token;
}

/** Shows which token it is (its kind prefix) and none of its secret. */
export function maskToken(token: string): string {
  const prefix = /^(user:|[^:\s]{1,64}:[^.\s]{1,64}\.)/.exec(token)?.[1] ?? '';
  return `${prefix}****`;
}

/**
 * Masks the token in a text meant for a log, an error or a human view: the whole token, and
 * its secret part alone (after the dot, or after `user:`), each in any spelling a server may
 * echo: as is or percent-encoded, in upper or lower case hex, or a mix; and the whole token in
 * base64 (standard or URL-safe, padded or not), as a header dump may show it. The one masking
 * function for everything flagctl prints that came from a server or carries the token.
 */
export function redact(text: string, token: string | undefined): string {
  if (!token || token.length < 4) return text;
  const p = patternsOf(token);
  // Without a `%`, the only spelling is the literal one: most text is passed through at the cost of a search.
  const encoded = p.base64.filter((b) => text.includes(b));
  let out = text;
  if (text.includes('%') || text.includes(p.literal) || encoded.length > 0) {
    out = out.replace(p.token, () => p.mask);
    if (p.secret) out = out.replace(p.secret, () => '****');
    for (const b of encoded) out = out.split(b).join('****');
  }
  return out.includes('\n') ? unwrapped(out, p) : out;
}

/** A line break, and the indentation a folded header or a wrapped dump puts after it. */
const BREAK = /\r?\n[ \t]*/g;

/**
 * The secret (or the token's base64) wrapped over lines, as a folded header dump or base64
 * wrapped at 76 columns shows it: found in the text with its line breaks taken out, masked
 * where it lies, and the rest of the text left as it is.
 */
function unwrapped(text: string, p: Patterns): string {
  const joined = text.replace(BREAK, '');
  let out = text;
  for (const s of [p.literal, ...p.base64]) {
    if (!joined.includes(s)) continue;
    const chars = [...s].map(literally);
    out = out.replace(new RegExp(chars.join('(?:\\r?\\n[ \\t]*)?'), 'g'), '****');
  }
  return out;
}

interface Patterns {
  /** The shortest literal any unencoded spelling contains: the secret, or the whole token. */
  literal: string;
  token: RegExp;
  secret?: RegExp;
  mask: string;
  /** The whole token in base64 and base64url, without padding (a padded one contains it). */
  base64: string[];
}

const compiled = new Map<string, Patterns>();

function patternsOf(token: string): Patterns {
  let p = compiled.get(token);
  if (!p) {
    const secret = secretPart(token);
    const b64 = Buffer.from(token).toString('base64').replace(/=+$/, '');
    const b64url = b64.replace(/\+/g, '-').replace(/\//g, '_');
    p = {
      literal: secret ?? token,
      token: spelledAnyWay(token),
      secret: secret ? spelledAnyWay(secret) : undefined,
      mask: maskToken(token),
      base64: [...new Set([b64, b64url])],
    };
    compiled.set(token, p);
  }
  return p;
}

/** The secret after the kind prefix; too short a part is left alone (it would mask ordinary words). */
function secretPart(token: string): string | undefined {
  const secret = /^(?:user:|[^:\s]+:[^.\s]+\.)(.+)$/.exec(token)?.[1];
  return secret && secret.length >= 8 ? secret : undefined;
}

/** A pattern for `text` with each character literal or percent-encoded (either case of hex). */
function spelledAnyWay(text: string): RegExp {
  const encoder = new TextEncoder();
  const parts = [...text].map((ch) => {
    const encoded = [...encoder.encode(ch)]
      .map((b) => `%${[...b.toString(16).padStart(2, '0')].map(hexDigit).join('')}`)
      .join('');
    return `(?:${literally(ch)}|${encoded})`;
  });
  return new RegExp(parts.join(''), 'g');
}

/** `text` as a regular expression that matches it as it is. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const hexDigit = (d: string) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d);

/** `redact` for every token in play. */
export function redactAll(text: string, tokens: Iterable<string>): string {
  let out = text;
  for (const token of tokens) out = redact(out, token);
  return out;
}
