/**
 * Feature boundaries in the web app, run by `npm run lint` after Biome.
 *
 * The rule: a feature (apps/web/src/features/<name>) may import another feature only through that
 * feature's public entry, `features/<name>/index.ts`, never a file inside it; and the shared layers
 * (`src/lib`, `src/components`, `src/config`) import no feature at all. Code more than one feature
 * needs lives in `src/lib` or `src/components/ui`, or is exported by its owner's `index.ts`, so a
 * feature's files can move without breaking another one. `src/app` wires features together and may
 * reach into them (routes need their pages). Biome's restricted imports match module names, not
 * resolved paths, so the relative-path rule is checked here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
const features = path.join(src, 'features');
const sharedLayers = ['lib', 'components', 'config'].map((dir) => path.join(src, dir));

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** The feature a path belongs to, or null outside the features folder. */
function featureOf(file) {
  const relative = path.relative(features, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];

for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  const own = featureOf(file);
  const inShared = sharedLayers.some((dir) => file.startsWith(dir + path.sep));
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const other = featureOf(target);
    if (other === null || other === own) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${path.relative(root, file)}:${line}`;
    if (inShared) {
      problems.push(`${where}: shared code imports the "${other}" feature ('${specifier}')`);
    } else if (own !== null && target !== path.join(features, other)) {
      problems.push(`${where}: imports inside the "${other}" feature ('${specifier}'); use its index.ts`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Feature boundaries broken (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
