/** This bench's command-line arguments (after `--`). */
export const benchArgs = process.argv.slice(2);

/** A numeric `--name value` argument of the bench, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const i = benchArgs.indexOf(`--${name}`);
  return i >= 0 ? Number(benchArgs[i + 1]) : fallback;
}

/** Whether a `--name` switch was given. */
export function flagArg(name: string): boolean {
  return benchArgs.includes(`--${name}`);
}
