import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A question's replaced texts, kept with who replaced them and when (docs/decisions.md, "Insights"):
 * an organiser fixing a question can see what players were asked before.
 */
export class QuestionTextRevisions1796600000000 implements MigrationInterface {
  name = 'QuestionTextRevisions1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "question_text_revisions" ("id" SERIAL NOT NULL, "question_id" integer NOT NULL, "text" text NOT NULL, "replaced_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "replaced_by" integer, CONSTRAINT "PK_42d5e189d89807158b63f03e61d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "question_text_revisions_question_id_idx" ON "question_text_revisions"  ("question_id") `);
    await queryRunner.query(`ALTER TABLE "question_text_revisions" ADD CONSTRAINT "FK_88a7eb3f9c812b8e1207a42feb6" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "question_text_revisions" ADD CONSTRAINT "FK_b02448a4720317f80875b3562dd" FOREIGN KEY ("replaced_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_text_revisions" DROP CONSTRAINT "FK_b02448a4720317f80875b3562dd"`);
    await queryRunner.query(`ALTER TABLE "question_text_revisions" DROP CONSTRAINT "FK_88a7eb3f9c812b8e1207a42feb6"`);
    await queryRunner.query(`DROP INDEX "public"."question_text_revisions_question_id_idx"`);
    await queryRunner.query(`DROP TABLE "question_text_revisions"`);
  }
}
