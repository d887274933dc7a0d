import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Polls (contract/polls.ts): the question kind `poll`, and the votes, one per attempt and poll.
 * Down drops the votes and deletes the polls (a kind the older code does not know).
 */
export class Polls1798000000000 implements MigrationInterface {
  name = 'Polls1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" IN ('choice', 'true_false', 'poll'))`);
    await queryRunner.query(`CREATE TABLE "poll_votes" ("attempt_id" integer NOT NULL, "question_id" integer NOT NULL, "answer_id" integer NOT NULL, CONSTRAINT "PK_poll_votes" PRIMARY KEY ("attempt_id", "question_id"))`);
    await queryRunner.query(`CREATE INDEX "poll_votes_question_answer_idx" ON "poll_votes" ("question_id", "answer_id")`);
    await queryRunner.query(`ALTER TABLE "poll_votes" ADD CONSTRAINT "FK_poll_votes_attempt_id" FOREIGN KEY ("attempt_id") REFERENCES "player_attempts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "poll_votes" ADD CONSTRAINT "FK_poll_votes_question_id" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "poll_votes" ADD CONSTRAINT "FK_poll_votes_answer_id" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "poll_votes" DROP CONSTRAINT "FK_poll_votes_answer_id"`);
    await queryRunner.query(`ALTER TABLE "poll_votes" DROP CONSTRAINT "FK_poll_votes_question_id"`);
    await queryRunner.query(`ALTER TABLE "poll_votes" DROP CONSTRAINT "FK_poll_votes_attempt_id"`);
    await queryRunner.query(`DROP INDEX "public"."poll_votes_question_answer_idx"`);
    await queryRunner.query(`DROP TABLE "poll_votes"`);
    await queryRunner.query(`DELETE FROM "questions" WHERE "kind" = 'poll'`);
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" IN ('choice', 'true_false'))`);
  }
}
