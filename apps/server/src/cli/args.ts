/** Ends a command-line tool with `message` on standard error and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * A tool's options as `read` parses them (node:util parseArgs, strict), or null after printing `usage` for --help;
 * an unknown option or a stray word ends the tool with the parser's words and `usage`.
 */
export function readArgs<V extends { help?: boolean | undefined }>(read: () => V, usage: string): V | null {
  let values: V;
  try {
    values = read();
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  }
  if (values.help) {
    process.stdout.write(usage);
    return null;
  }
  return values;
}
