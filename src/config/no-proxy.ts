// NO_PROXY as curl reads it: `*`; a host name (with or without a leading `.` or `*.`) matches
// itself and its subdomains; an IP address matches only that address; a CIDR range
// (`10.0.0.0/8`, `fd00::/8`) matches the addresses in it. Names are never resolved, so a name
// entry never matches an IP target and an IP entry never matches a name (as in curl and Go).
// Any entry may carry `:port` (an IPv6 address only in brackets: `[::1]:8080`). One trailing
// dot (a fully qualified `example.com.`) is dropped from the target and each entry, as curl does.

/** Whether the target is to be reached directly rather than through the proxy. */
export function bypassed(target: URL, noProxy: string | undefined): boolean {
  const host = target.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const address = ipBytes(host);
  return (noProxy ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((raw) => {
      if (raw === '*') return true;
      const entry = splitPort(raw.toLowerCase());
      if (entry.port && entry.port !== port) return false;
      const slash = entry.host.indexOf('/');
      if (slash >= 0)
        return address !== undefined && inRange(address, entry.host.slice(0, slash), entry.host.slice(slash + 1));
      const ip = ipBytes(entry.host);
      if (ip || address)
        return ip !== undefined && address !== undefined && inRange(address, entry.host, String(ip.length * 8));
      const name = entry.host.replace(/^\*?\./, '').replace(/\.$/, '');
      return name !== '' && (host === name || host.endsWith(`.${name}`));
    });
}

/** `host`, `host:port`, `[v6]`, `[v6]:port`, `[v6]/bits`, a bare v6 address (no port) or a CIDR. */
function splitPort(entry: string): { host: string; port?: string } {
  const bracket = /^\[([^\]]*)\](\/\d+)?(?::(\d+))?$/.exec(entry);
  if (bracket) return { host: `${bracket[1]}${bracket[2] ?? ''}`, port: bracket[3] };
  if (entry.split(':').length > 2) return { host: entry };
  const m = /^(.*?)(?::(\d+))?$/.exec(entry)!;
  return { host: m[1]!, port: m[2] };
}

function inRange(address: number[], base: string, bitsText: string): boolean {
  const net = ipBytes(base);
  const bits = /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  if (!net || net.length !== address.length || !(bits >= 0 && bits <= net.length * 8)) return false;
  for (let i = 0; i < net.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    const mask = (0xff << (8 - keep)) & 0xff;
    if ((address[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
}

/** The bytes of an IPv4 (dotted quad) or IPv6 address; undefined for anything else. */
function ipBytes(text: string): number[] | undefined {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    return parts.every((n) => n <= 255) ? parts : undefined;
  }
  if (!text.includes(':')) return undefined;
  let canonical: string;
  try {
    // The URL parser checks the address and writes it in one form: hex groups, `::` at most once.
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
