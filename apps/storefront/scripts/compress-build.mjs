// Writes a brotli (.br) and a gzip (.gz) sibling of every text file of the client build, at the
// best levels, so the server sends them compressed without spending CPU per request
// (docs/decisions/0028). Runs after `react-router build`, since React Router writes its route
// manifest (assets/manifest-*.js) after Vite's bundle is done. A sibling that would not be
// smaller than its file is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const clientDir = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client');

async function textFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Vite's own manifest (.vite/) is read by React Router at build time and never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await textFiles(full)));
    else if (TEXT.test(entry.name)) files.push(full);
  }
  return files;
}

let raw = 0;
let compressed = 0;
const files = await textFiles(clientDir);
for (const file of files) {
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
  raw += body.length;
  compressed += Math.min(br.length, body.length);
}
console.log(`compressed ${files.length} files of ${path.relative(process.cwd(), clientDir) || '.'}: ${(raw / 1024).toFixed(0)} KB, ${(compressed / 1024).toFixed(0)} KB with brotli`);
