// JSON that keeps the server's numbers. JSON.parse turns an integer beyond 2^53 into a nearby
// one and 1e400 into Infinity, which JSON.stringify prints as null; `-o json` must print what
// the server sent. Node 20 has no reviver `context.source` (Node 21+), so when a body holds a
// number that could change (a long digit run, an exponent), it is parsed a second time here,
// and the text of each number that would not survive is kept beside its holder. Values stay
// plain numbers for everything else (shape checks, tables); only jsonText prints the text.

const RAW = new WeakMap<object, Map<string, string>>();
let kept = 0;

/** A number's text that a round trip through a double would change. */
function lossy(text: string, n: number): boolean {
  return !Number.isFinite(n) || (/^-?\d+$/.test(text) && !Number.isSafeInteger(n));
}

/** Could some number in the text change? Cheap, and may say yes for digits inside strings. */
export function mayLoseNumbers(text: string): boolean {
  return /\d{16}|\d[eE][+-]?\d{3}/.test(text);
}

/** JSON.parse, plus the text of every number that would not survive (see mayLoseNumbers). */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return mayLoseNumbers(text) ? new Parser(text).document() : value;
}

/** The original text of the number at holder[key], if it was kept. */
export function rawNumber(holder: object, key: string): string | undefined {
  return RAW.get(holder)?.get(key);
}

/** Copies kept number texts of `from`'s own keys onto `to` (objects rebuilt key by key). */
export function keepRaw(from: object, to: object): void {
  const raw = RAW.get(from);
  if (raw) RAW.set(to, new Map([...raw, ...(RAW.get(to) ?? [])]));
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  document(): unknown {
    const v = this.value();
    this.space();
    return v;
  }

  private space(): void {
    while (/[ \t\n\r]/.test(this.s[this.i] ?? '')) this.i++;
  }

  private value(): unknown {
    this.space();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    return this.number().n;
  }

  private number(): { n: number; text: string } {
    const m = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = this.i;
    const text = m.exec(this.s)![0];
    this.i += text.length;
    return { n: Number(text), text };
  }

  /** A member or item: numbers that would change are noted on their holder. */
  private member(holder: object, key: string): unknown {
    this.space();
    const c = this.s[this.i]!;
    if (c !== '-' && (c < '0' || c > '9')) return this.value();
    const { n, text } = this.number();
    if (lossy(text, n)) {
      if (!RAW.has(holder)) RAW.set(holder, new Map());
      RAW.get(holder)!.set(key, text);
      kept++;
    }
    return n;
  }

  private string(): string {
    const m = /"(?:[^"\\]|\\.)*"/y;
    m.lastIndex = this.i;
    const text = m.exec(this.s)![0];
    this.i += text.length;
    return JSON.parse(text) as string;
  }

  private object(): object {
    const o: Record<string, unknown> = {};
    this.i++;
    this.space();
    if (this.s[this.i] === '}') return this.i++, o;
    for (;;) {
      this.space();
      const key = this.string();
      this.space();
      this.i++; // ':'
      // defineProperty keeps a `__proto__` key as data, as JSON.parse does.
      Object.defineProperty(o, key, { value: this.member(o, key), enumerable: true, writable: true, configurable: true });
      this.space();
      if (this.s[this.i++] === '}') return o;
    }
  }

  private array(): unknown[] {
    const a: unknown[] = [];
    this.i++;
    this.space();
    if (this.s[this.i] === ']') return this.i++, a;
    for (;;) {
      a.push(this.member(a, String(a.length)));
      this.space();
      if (this.s[this.i++] === ']') return a;
    }
  }
}

/** JSON.stringify that prints kept number texts as the server wrote them. */
export function jsonText(value: unknown, indent?: number): string {
  if (kept === 0) return JSON.stringify(value, null, indent);
  // A marker that no string of the document spells (checked on the plain text), so no
  // string can turn into raw text. node:crypto's random would cost start-up time at load.
  const plain = JSON.stringify(value);
  let marker = '\u0000n:';
  for (let i = 0; plain.includes(JSON.stringify(marker).slice(1, -1)); i++) marker = `\u0000n${i}:`;
  const texts: string[] = [];
  const text = JSON.stringify(
    value,
    function (this: object, key: string, v: unknown) {
      const raw = typeof v === 'number' || v === null ? rawNumber(this, key) : undefined;
      if (raw === undefined) return v;
      texts.push(raw);
      return `${marker}${texts.length - 1}`;
    },
    indent,
  );
  const quoted = JSON.stringify(marker).slice(0, -1);
  return text.replace(new RegExp(`${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'), (_m, n: string) => texts[Number(n)]!);
}
