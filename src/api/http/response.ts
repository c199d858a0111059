import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type * as z from '../../zod-mini.js';
import { isStackOverflow, RequestError, TOO_DEEP, type ServerErrorBody } from '../../errors.js';
import { parseJson } from './json-text.js';

// What client.ts makes of an answer once it has one: the body read within its size limit, a
// 2xx body parsed and checked, an error body read for its message.

export interface OkText {
  kind: 'ok';
  status: number;
  text: string;
  contentType: string | undefined;
  /** The server's Date header: its clock when it answered (to the second), if it sent one. */
  date?: string;
}

/** What one request came to. */
export type Outcome =
  | OkText
  | { kind: 'redirect'; location: string }
  | { kind: 'paced' }
  | { kind: 'retry'; status: number; body: ServerErrorBody; retryAfter?: string }
  | { kind: 'error'; status: number; body: ServerErrorBody };

/** Parses a 2xx body as JSON and checks its shape; the document comes back as sent (unknown fields kept). */
export function checked<S extends z.ZodMiniType>(res: OkText, schema: S): z.output<S> {
  const body = parseJsonBody(res.text, res.status, res.contentType);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new RequestError(
      `the server's answer (HTTP ${res.status}) is not the expected shape${where}: ${issue?.message ?? 'invalid'}`,
      res.status,
    );
  }
  return body as z.output<S>;
}

export function sentUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

export function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Reads the body as text, refusing more than `max` bytes. The bytes are decoded as they come,
 * so a page costs short-lived strings rather than buffers held until a full collection.
 *
 * Read with the stream's events rather than `for await`: the async iterator loads and compiles
 * Node's stream-iteration internals (end-of-stream, stream utils) on every run, which
 * docs/performance.md ("Start-up") measured on the start of every command. It settles as the
 * iterator did: the text at 'end'; the stream's error (a reset, a timeout's destroy); and a
 * close before the end is a premature close (ERR_STREAM_PREMATURE_CLOSE), never a short text.
 */
export function readCapped(body: IncomingMessage, max: number, status: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let text = '';
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        body.off('data', onData);
        reject(
          new RequestError(
            `the response (HTTP ${status}) is larger than ${Math.round(max / 1024 / 1024)} MiB; refusing to read more`,
            status,
          ),
        );
        body.destroy();
        return;
      }
      text += decoder.write(chunk);
    };
    body.on('data', onData);
    body.once('end', () => resolve(text + decoder.end()));
    body.on('error', reject);
    body.once('close', () => {
      if (!body.readableEnded) reject(prematureClose());
    });
  });
}

/** What Node's stream iteration throws for a stream closed before its end without an error. */
function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

export function parseJsonBody(text: string, status: number, contentType: string | undefined): unknown {
  const type = contentType?.split(';')[0]?.trim() || 'no content type';
  if (!/json/i.test(type)) {
    throw new RequestError(
      `the server answered HTTP ${status} with ${type}, not JSON; is the URL the server's base URL?`,
      status,
    );
  }
  try {
    return parseJson(text);
  } catch (err) {
    // JSON.parse accepted it; the lossless second parse (json-text.ts) recurses and ran out.
    if (isStackOverflow(err)) throw new RequestError(TOO_DEEP, status);
    throw new RequestError(
      `the server's answer (HTTP ${status}, ${type}) is not valid JSON; it may be truncated`,
      status,
    );
  }
}

/** Reads the server's error body when it is the JSON error shape; anything else is ignored. */
export function errorBody(text: string, clean: (s: string) => string = (s) => s): ServerErrorBody {
  const str = (v: unknown) => (typeof v === 'string' ? clean(v) : undefined);
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const details = Array.isArray(o.details)
        ? o.details
            .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
            .map((d) => ({
              message: str(d.message),
              path: str(d.path),
            }))
        : undefined;
      return {
        name: str(o.name),
        message: str(o.message) ?? str(o.error),
        details,
      };
    }
  } catch {
    // Not JSON (an HTML page from a proxy, plain text): the status alone speaks.
  }
  return {};
}

const MAX_REDIRECTS = 3;

/** Where a redirect leads: only within the same origin (so never from https down to http), and at most MAX_REDIRECTS times. */
export function redirectTarget(from: string, location: string, count: number): string {
  const source = new URL(from);
  const target = new URL(location, source);
  if (target.origin !== source.origin) {
    throw new RequestError(
      `the server redirected to another origin (${target.origin}); flagctl does not send the token there. Use that URL as --url if you trust it.`,
    );
  }
  if (count > MAX_REDIRECTS) throw new RequestError(`too many redirects (more than ${MAX_REDIRECTS})`);
  return target.toString();
}
