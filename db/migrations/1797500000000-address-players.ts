import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The new-players-per-address ceiling without counting the address's hour on every round
 * (api/play/attempts/address-limit.ts): `address_players` holds, per address, each player with a
 * round recorded from it (held or not) and when the last one was, and `address_windows` how many
 * such rows each address has. A round with an address key adds or moves its player's row in its
 * insert; the rows an hour old leave when the address is next checked, under its lock. The count is
 * then at least the players the rule counts (their ranked rounds of the hour), so a count under the
 * ceiling answers at once; only an address at its ceiling is counted from its rounds.
 */
export class AddressPlayers1797500000000 implements MigrationInterface {
  name = 'AddressPlayers1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "address_players" ("address_key" character varying(43) NOT NULL, "player_id" integer NOT NULL, "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, PRIMARY KEY ("address_key", "player_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "address_players_last_at_idx" ON "address_players" ("address_key", "last_at")`);
    await queryRunner.query(`CREATE TABLE "address_windows" ("address_key" character varying(43) PRIMARY KEY, "players" integer NOT NULL)`);
    await queryRunner.query(`
      INSERT INTO address_players (address_key, player_id, last_at)
      SELECT address_key, player_id, max(recorded_at) FROM player_attempts
       WHERE address_key IS NOT NULL AND recorded_at > now() - interval '1 hour'
       GROUP BY address_key, player_id`);
    await queryRunner.query(`INSERT INTO address_windows (address_key, players) SELECT address_key, count(*) FROM address_players GROUP BY address_key`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "address_windows"`);
    await queryRunner.query(`DROP TABLE "address_players"`);
  }
}
