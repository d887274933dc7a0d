/**
 * npm run restore -- --from BACKUP_DIR [--to "2026-12-06 16:05"]: a backup directory back into an
 * empty DATA_DIR (db/backups/restore.ts), then `npm start` serves it. A `--to` without a zone is
 * read in the server's zone (TZ, UTC when unset). docs/backups.md gives the steps.
 */
import { loadConfig } from './platform/config';
import { RestoreError, restoreBackup } from '../db/backups/restore';
import { migrations } from '../db/migrations';

const USAGE = 'npm run restore -- --from BACKUP_DIR [--to "YYYY-MM-DD HH:MM"]: restores a backup into an empty DATA_DIR (docs/backups.md).';

const argValue = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

/** A moment as typed: ISO with a zone as given, a plain "date time" in TZ. */
function parseMoment(text: string): Date {
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const at = plain ? new Date(+plain[1]!, +plain[2]! - 1, +plain[3]!, +plain[4]!, +plain[5]!, +(plain[6] ?? 0)) : new Date(text);
  if (Number.isNaN(at.getTime())) throw new RestoreError(`--to "${text}" is not a moment: write it as "2026-12-06 16:05".`);
  return at;
}

async function main() {
  const from = argValue('from');
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  if (!from) {
    console.error(USAGE);
    process.exit(1);
  }
  const config = loadConfig();
  const toText = argValue('to');
  const to = toText === undefined ? undefined : parseMoment(toText);
  if (to) console.log(`Restoring to ${to.toString()}`);
  const outcome = await restoreBackup({
    from,
    dataDir: config.dataDir,
    uploadDir: config.uploadDir,
    to,
    knownMigrations: migrations.map((migration) => migration.name),
    say: (line) => console.log(line),
  });
  console.log(`Restored from the base backup ${outcome.baseBackup}; the last result replayed was committed at ${outcome.restoredTo?.toString() ?? '(none after the base backup)'}.`);
  console.log('Start the server with npm start.');
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreError ? error.message : error);
  process.exit(1);
});
