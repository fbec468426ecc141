// Prints the JavaScript the first load of /console/ fetches (the entry script and the chunks index.html preloads),
// raw and gzip-compressed, from the build in dist/console/. Usage: node console/scripts/first-load-weight.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const built = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'console');
const html = readFileSync(join(built, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let raw = 0;
let gzip = 0;
for (const file of files) {
  const bytes = readFileSync(join(built, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(JSON.stringify({ files: files.length, rawBytes: raw, gzipBytes: gzip }));
