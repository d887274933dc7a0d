import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A question's kind (contract/question-kinds.ts): every question stored before is a `choice`. The
 * check lists the kinds the server knows; a kind added later widens it in its own migration.
 */
export class QuestionKinds1797600000000 implements MigrationInterface {
  name = 'QuestionKinds1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" ADD "kind" varchar(20) NOT NULL DEFAULT 'choice'`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" IN ('choice', 'true_false'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "kind"`);
  }
}
