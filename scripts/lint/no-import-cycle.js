/**
 * ESLint rule `local/no-import-cycle`: a file may not import, directly or through other files, a
 * module that imports it back. Type-only imports count too: a circle of types is still two modules
 * that cannot be understood or moved one without the other.
 *
 * Not eslint-plugin-import-x's `no-cycle`: that rule leaves type-only imports out, so the circle of
 * tests/lint-fixtures/cycle (closed by an `import type`) passes it (tried with 4.18.1).
 *
 * Only relative imports are followed (packages cannot import our files). The file being linted is
 * read from its syntax tree; the files it reaches are read from disk with a light scan of their
 * import and export statements, cached for the run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js'];
const CANDIDATES = ['', ...SOURCE_EXTENSIONS, ...SOURCE_EXTENSIONS.map((ext) => `/index${ext}`)];
const SPECIFIER = /(?:^|[\s;{}])(?:import|export)(?:\s+type)?\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w$.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

/** The source file a relative specifier names, or null (a package, a stylesheet, a missing file). */
function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of CANDIDATES) {
    const file = base + candidate;
    if (SOURCE_EXTENSIONS.includes(path.extname(file)) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const importsOnDisk = new Map();

/** The files a file on disk imports (read once per run). */
function importsOf(file) {
  let targets = importsOnDisk.get(file);
  if (!targets) {
    targets = [];
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3]);
      if (target) targets.push(target);
    }
    importsOnDisk.set(file, targets);
  }
  return targets;
}

/** A path of imports from `start` back to `goal`, or null; `cleared` holds files known not to reach it. */
function pathBack(start, goal, cleared) {
  const stack = [[start, [start]]];
  const seen = new Set();
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file) || cleared.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...trail, next]]);
  }
  for (const file of seen) cleared.add(file);
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between our modules' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need to a module both can import.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const root = context.cwd;
    const cleared = new Set();
    const check = (node) => {
      const specifier = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string') return;
      const target = resolve(file, specifier);
      if (!target || target === file) return;
      const trail = pathBack(target, file, cleared);
      if (trail) context.report({ node, messageId: 'cycle', data: { cycle: [file, ...trail].map((f) => path.relative(root, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
