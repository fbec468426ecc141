#!/usr/bin/env node
// `npx platform-api <command>`: runs the built command line (dist/gateway/platform-api-cli.js). It builds first
// only when dist/ is missing or a source file is newer than every built file, so a key is created in a second
// rather than after a full compile.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'gateway', 'platform-api-cli.js');
const SOURCES = ['platform', 'subgraphs', 'gateway', 'rest-bridge', 'schema'];

/** The newest modification time of the files under `dir` whose names pass `keep` (0 when there are none). */
function newest(dir, keep) {
  let latest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const item of entries) {
    const path = join(dir, item.name);
    if (item.isDirectory()) latest = Math.max(latest, newest(path, keep));
    else if (keep(item.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

function stale() {
  const built = Math.max(...SOURCES.map((dir) => newest(join(root, 'dist', dir), (name) => name.endsWith('.js'))));
  if (built === 0) return true;
  const sources = Math.max(
    statSync(join(root, 'tsconfig.json')).mtimeMs,
    ...SOURCES.map((dir) => newest(join(root, dir), (name) => name.endsWith('.ts') || name.endsWith('.graphql'))),
  );
  return sources > built;
}

if (stale()) {
  process.stderr.write('platform-api: dist/ is older than the sources; building first (npm run build)\n');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(entry).href);
