import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pictures in questions and answers (docs/pictures.md): `pictures`, stored once per content with
 * their size; `picture_uploads`, one picture per signed upload URL; and each question's and
 * answer's picture with its alt text. A picture in use cannot be deleted (RESTRICT).
 */
export class Pictures1796800000000 implements MigrationInterface {
  name = 'Pictures1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "pictures" ("name" character varying(25) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attached_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_585fbd486a1c2bc2c232380f336" PRIMARY KEY ("name"))`);
    await queryRunner.query(`CREATE TABLE "picture_uploads" ("object_name" character varying(100) NOT NULL, "picture_name" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_99acfd1ad4567634d55ec2ecaee" PRIMARY KEY ("object_name"))`);
    await queryRunner.query(`ALTER TABLE "questions" ADD "picture_name" character varying(25)`);
    await queryRunner.query(`ALTER TABLE "questions" ADD "picture_alt" text`);
    await queryRunner.query(`ALTER TABLE "answers" ADD "picture_name" character varying(25)`);
    await queryRunner.query(`ALTER TABLE "answers" ADD "picture_alt" text`);
    await queryRunner.query(`CREATE INDEX "questions_picture_name_idx" ON "questions"  ("picture_name") WHERE picture_name IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "answers_picture_name_idx" ON "answers"  ("picture_name") WHERE picture_name IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "FK_1f55254bad195fbd0175a0f51d9" FOREIGN KEY ("picture_name") REFERENCES "pictures"("name") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "answers" ADD CONSTRAINT "FK_808721a67d40242cc53f631619d" FOREIGN KEY ("picture_name") REFERENCES "pictures"("name") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "answers" DROP CONSTRAINT "FK_808721a67d40242cc53f631619d"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "FK_1f55254bad195fbd0175a0f51d9"`);
    await queryRunner.query(`DROP INDEX "public"."answers_picture_name_idx"`);
    await queryRunner.query(`DROP INDEX "public"."questions_picture_name_idx"`);
    await queryRunner.query(`ALTER TABLE "answers" DROP COLUMN "picture_alt"`);
    await queryRunner.query(`ALTER TABLE "answers" DROP COLUMN "picture_name"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "picture_alt"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "picture_name"`);
    await queryRunner.query(`DROP TABLE "picture_uploads"`);
    await queryRunner.query(`DROP TABLE "pictures"`);
  }
}
