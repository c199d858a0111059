/** Set by the build from package.json; `0.0.0-dev` when run from source. */
export const VERSION = process.env.FLAGCTL_BUILD_VERSION ?? '0.0.0-dev';
