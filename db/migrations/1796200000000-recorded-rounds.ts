import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rounds the server remembers (fair play):
 * - `question_ids`: the questions of the round, in the order shown; the server's own deal when the
 *   round started online, the device's when it dealt offline (checked against the trivia when
 *   first pushed). A completion must answer exactly these. Null for rounds recorded before.
 * - `answer_order`: the answers' order per question of a round the server dealt, so a start sent
 *   again gets the same round back.
 * - `dealt_by_server`: whether the server dealt it (its start is then the server's own time).
 * - `window_start`: the earliest moment the server can vouch for the round's start: the deal, or
 *   the device's last contact before the push that first carried the round.
 * - `devices.drained_at`: when the device last had nothing left to send (a push that emptied its
 *   outbox, or a heartbeat): the last contact a round it pushes next was played after.
 * The per-device index serves the overlap and players-per-hour checks.
 */
export class RecordedRounds1796200000000 implements MigrationInterface {
  name = 'RecordedRounds1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "question_ids" integer array`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "answer_order" jsonb`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "dealt_by_server" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "window_start" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "player_attempts_device_idx" ON "player_attempts" ("device_id", "started_at") WHERE device_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "devices" ADD "drained_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "drained_at"`);
    await queryRunner.query(`DROP INDEX "public"."player_attempts_device_idx"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "window_start"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "dealt_by_server"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "answer_order"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "question_ids"`);
  }
}
