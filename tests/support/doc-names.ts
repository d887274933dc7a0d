import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * The names a document quotes in backticks, checked against the repository, so a document cannot
 * keep naming a file, a setting or a code the code no longer has:
 * - a path must lead to a file or folder git tracks (or would add): from the root (`api/platform/lib/csv-text.ts`, `tests/e2e/`;
 *   a placeholder `<area>` or `{id}` stands for one name, `*` for part of one, `**` for folders,
 *   and a pattern must match one path at least), or inside the folder the text is about
 *   (`shared/ranking/`, `lib/formula-text.ts`, `csv.ts`): then some tracked path must end with it;
 * - an UPPER_SNAKE name (a setting, a constant) must be a word of the code or of the tests, which
 *   read settings of their own (`E2E_WORKERS`); so must a span of one upper-case word (`PORT`);
 * - a snake_case name (an error code, a table or column, a review reason, a metric) must be a word of
 *   the product's code: api/, contract/, db/, web/, scripts/, sw/, deploy/, build/.
 * A path from a top-level folder counts in the prose too, without backticks. A word is an identifier
 * or a word inside a string; comments do not count. Fenced blocks are sample output and shell lines,
 * and are skipped; URL paths (`/api/...`) are routes (api-doc-routes.test.ts checks them), not files.
 */

export type NameKind = 'path' | 'setting' | 'code';

export interface UnknownName {
  doc: string;
  line: number;
  kind: NameKind;
  name: string;
}

export interface Repository {
  /** The repository's files and folders, as `git ls-files` names them (a folder with a trailing `/`). */
  paths: ReadonlySet<string>;
  /** Every tail of a tracked path after a `/` (`lib/csv.ts`, `csv.ts`, `lib/`), for paths inside a folder. */
  tails: ReadonlySet<string>;
  /** Words of the product's code. */
  productWords: ReadonlySet<string>;
  /** Words of the tests and tooling (tests/, the root's config files, .ci/). */
  testWords: ReadonlySet<string>;
}

/** The folders the product's code lives in; the other tracked folders hold tests, docs and CI. */
const PRODUCT_FOLDERS = ['api', 'build', 'contract', 'db', 'deploy', 'scripts', 'sw', 'web'];
const SCRIPT_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;
/** The other text files whose words count, their comments left out; the lock file does not count. */
const OTHER_CODE_FILE = /\.(?:json|html|css|cfg|ini|conf|webmanifest)$|^\.ci\/run$/;
/** The files that check documents: the made-up names of their own test are no code. */
const CHECKER_FILES = ['tests/support/doc-names.ts', 'tests/unit/doc-names.test.ts'];

/**
 * Names that are not ours, which the documents quote for an operator: PostgreSQL's and PgBouncer's
 * settings, commands, files, views and tools (docs/scale-out.md, docs/benchmarks.md, docs/identity.md).
 * The process metrics prom-client registers by default are read from its package instead.
 */
const NOT_OURS = new Set([
  'LISTEN',
  'NOTIFY',
  'information_schema',
  'max_prepared_statements',
  'pg_backup_start',
  'pg_backup_stop',
  'pg_basebackup',
  'pg_ctl',
  'pg_stat_replication',
  'postgresql.auto.conf',
  'postgresql.conf',
  'primary_conninfo',
  'replay_lag',
]);

const WORD = /[A-Za-z_$][\w$]*/g;
/** A quoted file name (`'sw.js'`, a file the build writes) counts whole, beside its words. */
const FILE_NAME_VALUE = /^[\w-]+(?:\.[\w-]+)+$/;

function addWords(words: Set<string>, text: string): void {
  for (const word of text.match(WORD) ?? []) words.add(word);
}

const K = ts.SyntaxKind;
/** Tokens a value ends with: a `/` after one divides, after any other token it starts a regular expression. */
const VALUE_END = new Set([
  K.Identifier, K.CloseParenToken, K.CloseBracketToken, K.CloseBraceToken, K.NumericLiteral, K.StringLiteral,
  K.NoSubstitutionTemplateLiteral, K.TemplateTail, K.RegularExpressionLiteral, K.ThisKeyword, K.SuperKeyword,
  K.PlusPlusToken, K.MinusMinusToken, K.TrueKeyword, K.FalseKeyword, K.NullKeyword,
]);

/**
 * The identifiers and the words of the strings of a script, read with TypeScript's scanner, which
 * skips comments (five times faster than parsing: the scanner is told where a template goes on
 * after its `${…}` and where a `/` starts a regular expression, as the parser would tell it).
 */
function addScriptWords(words: Set<string>, file: string, text: string): void {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, text);
  /** One entry per open `{`: whether it is a template's `${`. */
  const braces: boolean[] = [];
  let previous = K.Unknown;
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; previous = kind, kind = scanner.scan()) {
    if (kind === K.OpenBraceToken) braces.push(false);
    else if (kind === K.TemplateHead) braces.push(true);
    else if (kind === K.CloseBraceToken && braces.pop()) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === K.TemplateMiddle) braces.push(true);
    } else if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !VALUE_END.has(previous)) kind = scanner.reScanSlashToken();

    if (kind === K.Identifier) words.add(scanner.getTokenValue());
    else if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplateLiteral || (kind >= K.TemplateHead && kind <= K.TemplateTail)) {
      const value = scanner.getTokenValue();
      addWords(words, value);
      if (FILE_NAME_VALUE.test(value)) words.add(value);
    }
  }
}

function wordsOf(files: string[]): Set<string> {
  const words = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (SCRIPT_FILE.test(file)) addScriptWords(words, file, text);
    else if (file.endsWith('.css')) addWords(words, text.replace(/\/\*[\s\S]*?\*\//g, ' '));
    else addWords(words, /\.(?:cfg|ini|conf)$|^\.ci\/run$/.test(file) ? text.replace(/^\s*[#;].*$/gm, '') : text);
  }
  return words;
}

/** The metric names prom-client's default metrics register (api/metrics/app-metrics.ts collects them). */
function promClientDefaultMetrics(): string[] {
  const folder = 'node_modules/prom-client/lib/metrics';
  return readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => [...readFileSync(`${folder}/${file}`, 'utf8').matchAll(/'((?:nodejs|process)_\w+)'/g)].map((match) => match[1]!));
}

/** The repository as the documents must describe it: its tracked paths and the words of its code. */
export function readRepository(): Repository {
  // Files git tracks or would add (a new file is named in its document before its first commit), still on disk.
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(file));
  const paths = new Set<string>();
  const tails = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    paths.add(file);
    for (let end = 1; end < parts.length; end++) paths.add(`${parts.slice(0, end).join('/')}/`);
    for (let start = 1; start < parts.length; start++) {
      tails.add(parts.slice(start).join('/'));
      for (let end = start + 1; end < parts.length; end++) tails.add(`${parts.slice(start, end).join('/')}/`);
    }
  }
  const code = files.filter((file) => (SCRIPT_FILE.test(file) || (OTHER_CODE_FILE.test(file) && file !== 'package-lock.json')) && !CHECKER_FILES.includes(file));
  const inProduct = (file: string) => PRODUCT_FOLDERS.includes(file.split('/')[0]!);
  const productWords = wordsOf(code.filter(inProduct));
  for (const metric of promClientDefaultMetrics()) productWords.add(metric);
  return { paths, tails, productWords, testWords: wordsOf(code.filter((file) => !inProduct(file))) };
}

/** A path with placeholders (`<area>`, `{id}`) or globs (`*`, `**`) as a pattern over tracked paths. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(<[^>]*>|\{[^}]*\}|\*\*\/|\*)/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return part === '**/' ? '(?:[^/]+/)*' : part === '*' ? '[^/]*' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

function leadsSomewhere(path: string, within: ReadonlySet<string>): boolean {
  if (within.has(path) || within.has(`${path}/`)) return true;
  if (!/[*<{]/.test(path)) return false;
  const pattern = pathPattern(path);
  return [...within].some((known) => pattern.test(known) || pattern.test(known.replace(/\/$/, '')));
}

/** `DATABASE_URL`, `$DATA_DIR/uploads`; `PLAYER_TASK_*` is the prefix `PLAYER_TASK_`; a span of one word (`PORT`) too. */
const SETTING = /(?<!\w)[A-Z][A-Z0-9]*(?:(?:_[A-Z0-9]+)+(?:_(?=\*))?|_(?=\*))(?!\w)/g;
const SNAKE = /(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])/g;
const FILE_NAME = /^[\w.-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css|html|sql|cfg|ini|conf|png|webmanifest)$/;

interface QuotedName {
  kind: NameKind;
  name: string;
  /** A path inside the folder the text is about: some tracked path ends with it. */
  inside: boolean;
}

/** The names one backticked span quotes. */
function namesIn(span: string, repository: Repository): QuotedName[] {
  const names: QuotedName[] = [];
  for (const token of span.split(/\s+/)) {
    const first = token.split('/')[0]!;
    if (!token.includes('/')) {
      if (FILE_NAME.test(token)) names.push({ kind: 'path', name: token, inside: !repository.paths.has(token) });
    } else if (/[:?]/.test(token) || first === '' || (first.startsWith('.') && !repository.paths.has(`${first}/`))) {
      continue; // a route, a URL, a relative or untracked place (`/api/sync`, `./data`, `.tmp/…`)
    } else if (repository.paths.has(`${first}/`)) {
      names.push({ kind: 'path', name: token, inside: false });
    } else if (repository.tails.has(`${first}/`) && (token.endsWith('/') || FILE_NAME.test(token.split('/').pop()!))) {
      names.push({ kind: 'path', name: token, inside: true });
    }
  }
  if (/^[A-Z][A-Z0-9]+$/.test(span)) names.push({ kind: 'setting', name: span, inside: false });
  for (const [name] of span.matchAll(SETTING)) names.push({ kind: 'setting', name: name.endsWith('_') ? `${name}*` : name, inside: false });
  for (const match of span.matchAll(SNAKE)) names.push({ kind: 'code', name: match[0], inside: false });
  return names;
}

/** Paths written in the prose without backticks (`see api/platform/http/upload-body.ts`), from a top-level folder; link targets are doc-links.test.ts's. */
function pathsInProse(line: string, repository: Repository): QuotedName[] {
  const prose = line.replace(/`[^`]*`/g, ' ').replace(/\]\([^)]*\)/g, ']');
  return [...prose.matchAll(/(?<![\w./-])[\w.-]+\/[\w./*<>{}-]*[\w*>}/]/g)]
    .map(([path]) => path)
    .filter((path) => repository.paths.has(`${path.split('/')[0]}/`))
    .map((path) => ({ kind: 'path', name: path, inside: false }));
}

function isKnown({ kind, name, inside }: QuotedName, repository: Repository): boolean {
  if (NOT_OURS.has(name)) return true;
  if (kind === 'path') {
    // A bare file name may also be one the code writes (`sw.js`, the built service worker).
    return leadsSomewhere(name, inside ? repository.tails : repository.paths) || (!name.includes('/') && repository.productWords.has(name));
  }
  if (kind === 'setting') {
    if (!name.endsWith('_*')) return repository.productWords.has(name) || repository.testWords.has(name);
    return [...repository.productWords, ...repository.testWords].some((word) => word.startsWith(name.slice(0, -1)));
  }
  return repository.productWords.has(name);
}

/** The names of one document that the repository does not hold, each with its line (1-based). */
export function unknownNames(doc: string, markdown: string, repository: Repository): UnknownName[] {
  const unknown: UnknownName[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const quoted = [...text.matchAll(/`([^`]+)`/g)].flatMap(([, span]) => namesIn(span!, repository));
    for (const name of [...quoted, ...pathsInProse(text, repository)]) {
      if (!isKnown(name, repository)) unknown.push({ doc, line: index + 1, kind: name.kind, name: name.name });
    }
  });
  return unknown;
}
