// `--aliases`: a flag name's case forms as code spells identifiers. `new-checkout` gives
// newCheckout, NewCheckout, new_checkout and NEW_CHECKOUT; each is matched as a whole
// identifier, not between delimiters.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Words the SDKs' languages reserve (JavaScript and TypeScript, Python, Go, Java and C#, Ruby,
 * PHP): a flag named `export` or `default` would otherwise match every such keyword, which is
 * no identifier. Only the spellings as they are written (lower case, and Python's True, False,
 * None).
 */
const KEYWORDS = new Set(
  (
    'abstract and as async await break case catch class const continue def default defer del delete do elif else end enum export extends ' +
    'false final finally for from func function go goto if implements import in instanceof interface is lambda let module namespace new nil ' +
    'not null or package pass private protected public raise readonly return select self static struct super switch this throw true try ' +
    'type typeof unless until var void when while with yield True False None'
  ).split(' '),
);

/** The words of a name: split at every non-alphanumeric character and at camelCase humps. */
export function nameWords(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** camelCase, PascalCase, snake_case and SCREAMING_SNAKE_CASE forms that are valid identifiers. */
export function aliasForms(name: string): string[] {
  const words = nameWords(name);
  if (words.length === 0) return [];
  const forms = [
    words[0] + words.slice(1).map(cap).join(''),
    words.map(cap).join(''),
    words.join('_'),
    words.join('_').toUpperCase(),
  ];
  return [...new Set(forms)].filter((f) => IDENTIFIER.test(f) && !KEYWORDS.has(f));
}

/** Every alias form of the given names, each with the ids of the flags it stands for. */
export function aliasTable(names: string[]): [string, number[]][] {
  const table = new Map<string, number[]>();
  names.forEach((name, id) => {
    for (const form of aliasForms(name)) {
      const ids = table.get(form);
      if (ids) ids.push(id);
      else table.set(form, [id]);
    }
  });
  return [...table];
}
