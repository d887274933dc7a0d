import type { EntityManager } from 'typeorm';
import { CANONICAL_DOCUMENT_NUMBER, normalizeDocumentNumber, type DuplicatePlayerGroup } from '../../contract';

interface PlayerRow {
  id: number;
  full_name: string;
  document_type_id: number;
  document_type_code: string;
  numeric: boolean;
  document_number: string;
  location_name: string | null;
  attempts: number;
  created_at: Date;
}

const COLUMNS = `p.id, p.full_name, p.document_type_id, t.code AS document_type_code, t.numeric, p.document_number, l.name AS location_name,
         (SELECT count(*)::int FROM player_attempts a WHERE a.player_id = p.id) AS attempts, p.created_at
    FROM players p JOIN document_types t ON t.id = p.document_type_id LEFT JOIN locations l ON l.id = p.location_id`;

/**
 * The players that are one person under the identity rule and are still stored apart: every
 * number written is canonical, so a group holds at least one number stored before the rule (one
 * the migration could not rewrite because it collided). Those are found by the canonical pattern
 * (an index-free scan of the players, an admin's read), their canonical number computed by the rule
 * itself, and the players already holding that number added. Groups by type and number; players
 * oldest first.
 */
export async function listDuplicatePlayers(em: EntityManager): Promise<DuplicatePlayerGroup[]> {
  const stale: PlayerRow[] = await em.query(
    `SELECT ${COLUMNS}
      WHERE p.document_number IS NOT NULL AND p.document_number !~ (CASE WHEN t.numeric THEN $1 ELSE $2 END)`,
    [CANONICAL_DOCUMENT_NUMBER.numeric, CANONICAL_DOCUMENT_NUMBER.alphanumeric],
  );
  const groups = new Map<string, { typeId: number; code: string; number: string; rows: PlayerRow[] }>();
  for (const row of stale) {
    const number = normalizeDocumentNumber(row.document_number, row);
    if (number === '') continue;
    const key = `${row.document_type_id}:${number}`;
    const group = groups.get(key) ?? { typeId: row.document_type_id, code: row.document_type_code, number, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  if (groups.size === 0) return [];
  const list = [...groups.values()];
  const holders: PlayerRow[] = await em.query(
    `SELECT ${COLUMNS}
      WHERE (p.document_type_id, p.document_number) IN (SELECT * FROM unnest($1::int[], $2::varchar[]))`,
    [list.map((g) => g.typeId), list.map((g) => g.number)],
  );
  for (const row of holders) groups.get(`${row.document_type_id}:${row.document_number}`)?.rows.push(row);
  return list
    .filter((group) => group.rows.length > 1)
    .map((group) => ({
      documentTypeId: group.typeId,
      documentTypeCode: group.code,
      documentNumber: group.number,
      players: group.rows
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id)
        .map((row) => ({
          id: row.id,
          fullName: row.full_name,
          documentNumber: row.document_number,
          location: row.location_name === null ? null : { name: row.location_name },
          attempts: row.attempts,
          createdAt: row.created_at.toISOString(),
        })),
    }))
    .sort((a, b) => a.documentTypeCode.localeCompare(b.documentTypeCode) || a.documentNumber.localeCompare(b.documentNumber));
}
