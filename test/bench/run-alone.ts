/** Runs one bench section as a script (`node dist/test/bench/<name>.bench.js`) and prints it. */
export function runAlone(section: () => Promise<string>): void {
  section().then(
    (text) => {
      process.stdout.write(text + '\n');
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
