// JSON that keeps the server's numbers. JSON.parse turns 12345678901234567890 and
// 1234567.123456789123 into nearby doubles and 1e400 into Infinity, which JSON.stringify prints
// as null; `-o json` must print what the server sent. Node 20 has no reviver `context.source`
// (Node 21+), so when a body may hold a number whose value a double would change, it is parsed a
// second time here, and the text of each such number is kept beside its holder. Values stay
// plain numbers for everything else (shape checks, tables); only jsonText prints the text.
// Numbers a double holds exactly keep JavaScript's spelling (1.0 is 1, 1E5 is 100000, -0 is 0).

const RAW = new WeakMap<object, Map<string, string>>();
let kept = 0;

/** A number's decimal value as sign, significant digits and exponent: `-12e3` for -12000.0. */
function decimal(text: string): string {
  const [, sign, int, frac = '', exp = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const all = `${int}${frac}`.replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  if (digits === '') return '0';
  return `${sign}${digits}e${Number(exp) - frac.length + all.length - digits.length}`;
}

/** Would a round trip through a double change the number's value? */
function lossy(text: string, n: number): boolean {
  return !Number.isFinite(n) || decimal(text) !== decimal(String(n));
}

/**
 * Could some number in the text change? A number of at most 15 digits (both sides of the point
 * together) and an exponent of at most two digits lies well inside a double's range, and 15
 * significant digits survive a double exactly; anything else may not. Cheap (about a tenth of
 * JSON.parse), and may say yes for digits inside strings.
 */
export function mayLoseNumbers(text: string): boolean {
  return /\d(?:\.?\d){15}|\d[eE][+-]?\d{3}/.test(text);
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

/**
 * A second parse of text that JSON.parse has already accepted, so it checks nothing. It reads
 * character codes rather than running a regular expression per character: on 50,000 search
 * features that took it from 10× JSON.parse to about 3× (docs/performance.md).
 */
class Parser {
  private i = 0;
  /** Where the next backslash is (searched again only once passed: a search per string would be quadratic). */
  private escape = 0;
  constructor(private readonly s: string) {}

  document(): unknown {
    return this.value();
  }

  private space(): void {
    const s = this.s;
    let c = s.charCodeAt(this.i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.i);
  }

  private value(): unknown {
    this.space();
    switch (this.s.charCodeAt(this.i)) {
      case 123: // {
        return this.object();
      case 91: // [
        return this.array();
      case 34: // "
        return this.string();
      case 116: // t
        this.i += 4;
        return true;
      case 102: // f
        this.i += 5;
        return false;
      case 110: // n
        this.i += 4;
        return null;
      default:
        return Number(this.number());
    }
  }

  private number(): string {
    const s = this.s;
    const start = this.i;
    let i = start;
    for (
      let c = s.charCodeAt(i);
      (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
      c = s.charCodeAt(++i)
    );
    this.i = i;
    return s.slice(start, i);
  }

  /** A member or item: numbers that would change are noted on their holder. */
  private member(holder: object, key: string): unknown {
    this.space();
    const c = this.s.charCodeAt(this.i);
    if (c !== 45 && (c < 48 || c > 57)) return this.value();
    const text = this.number();
    const n = Number(text);
    if (lossy(text, n)) {
      if (!RAW.has(holder)) RAW.set(holder, new Map());
      RAW.get(holder)!.set(key, text);
      kept++;
    }
    return n;
  }

  private string(): string {
    const s = this.s;
    const end = s.indexOf('"', this.i + 1);
    if (this.escape !== -1 && this.escape <= this.i) this.escape = s.indexOf('\\', this.i + 1);
    if (this.escape === -1 || this.escape > end) {
      const text = s.slice(this.i + 1, end);
      this.i = end + 1;
      return text;
    }
    const m = /"(?:[^"\\]|\\.)*"/y;
    m.lastIndex = this.i;
    const text = m.exec(s)![0];
    this.i += text.length;
    return JSON.parse(text) as string;
  }

  private object(): object {
    const o: Record<string, unknown> = {};
    this.i++;
    this.space();
    if (this.s.charCodeAt(this.i) === 125) return (this.i++, o);
    for (;;) {
      this.space();
      const key = this.string();
      this.space();
      this.i++; // ':'
      const v = this.member(o, key);
      // defineProperty keeps a `__proto__` key as data, as JSON.parse does.
      if (key === '__proto__')
        Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
      else o[key] = v;
      this.space();
      if (this.s.charCodeAt(this.i++) === 125) return o;
    }
  }

  private array(): unknown[] {
    const a: unknown[] = [];
    this.i++;
    this.space();
    if (this.s.charCodeAt(this.i) === 93) return (this.i++, a);
    for (;;) {
      a.push(this.member(a, String(a.length)));
      this.space();
      if (this.s.charCodeAt(this.i++) === 93) return a;
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
  return text.replace(
    new RegExp(`${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'),
    (_m, n: string) => texts[Number(n)]!,
  );
}
