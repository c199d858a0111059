/** What a flag's value completes to: a fixed list, the profiles in the config file, or file names. */
export type ValueSource = readonly string[] | 'profiles' | 'files';
