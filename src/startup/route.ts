// What the launchers (launch.ts for the npm package, sea.ts for the single executable) decide
// from the command line before any bundle loads.

/**
 * The commands of two words (src/commands/<noun>/<verb>/), listed by the build from the
 * folders (scripts/build.mjs), since the registry itself is in the bundle this runs before.
 */
const NOUNS_WITH_VERBS = (process.env.FLAGCTL_NOUNS_WITH_VERBS ?? '').split(',');

/** `--version` alone is answered without loading a bundle. */
export const onlyVersion = (argv: readonly string[]): boolean =>
  argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');

/**
 * `feature get` is first offered to its fast path, dist/feature-get.cjs (without commander;
 * src/startup/feature-get.ts), which declines, having done nothing, any command line it does not
 * read exactly as commander would: then the whole CLI runs it.
 */
export const fastPathFirst = (argv: readonly string[]): boolean =>
  argv[0] === 'feature' && argv[1] === 'get' && !argv.includes('--help') && !argv.includes('-h');

/**
 * The command (feature get, refs…) that names a code cache: what a run compiles depends on it.
 * Any other word would be an argument (an option's name, a path), which must not make a cache of its own.
 */
export function commandWords(argv: readonly string[]): string {
  const [noun, verb] = argv.filter((a) => /^[a-z][a-z-]{0,19}$/.test(a));
  if (noun === undefined) return 'none';
  return NOUNS_WITH_VERBS.includes(noun) && verb !== undefined ? `${noun}.${verb}` : noun;
}
