import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rounds' analysis queue (db/migrations/1796700000000-analysis-logs.ts) is folded by one write
 * of the rounds in 128 instead of 32: a fold costs less per round the more rounds it groups, and
 * every reader folds before it reads, so what an analysis shows is the same. In `npm run load -- --profile`
 * the fold's share fell from 0.41 to 0.20 ms a player (docs/benchmarks.md). The trigger function is
 * rewritten from its own stored definition, so nothing else in it changes.
 */
const rewriteFold = (from: string, to: string) => `
  DO $$
  DECLARE definition text := pg_get_functiondef('player_attempts_analysed'::regproc);
  BEGIN
    IF position('${from}' IN definition) = 0 THEN RAISE EXCEPTION 'player_attempts_analysed has no "${from}"'; END IF;
    EXECUTE replace(definition, '${from}', '${to}');
  END $$`;

export class AnalysisFoldLessOften1798200000000 implements MigrationInterface {
  name = 'AnalysisFoldLessOften1798200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(rewriteFold('random() < 1.0 / 32 ', 'random() < 1.0 / 128 '));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(rewriteFold('random() < 1.0 / 128 ', 'random() < 1.0 / 32 '));
  }
}
