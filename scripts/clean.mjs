// Removes compiled output so that tests deleted from src never run from a stale dist.
import { rmSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'apps'];
const dirs = roots.flatMap((root) => readdirSync(root).map((name) => join(root, name))).concat(['tests']);
for (const dir of dirs) {
  for (const artefact of ['dist', 'tsconfig.tsbuildinfo']) {
    const path = join(dir, artefact);
    if (existsSync(path)) rmSync(path, { recursive: true, force: true });
  }
}
