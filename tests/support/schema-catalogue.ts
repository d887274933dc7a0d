import type { DataSource, QueryRunner } from 'typeorm';

/**
 * The public schema as lines of text, one per object, sorted: what two schemas must share to be
 * the same. Relations (kind, persistence, options), columns (type, nullability, default,
 * collation, identity, generation), indexes, constraints, triggers, functions, sequences, types,
 * views, policies, statistics objects, comments and extensions. Left out: column order (a column
 * dropped and added again goes last, and no down() can put it back in place), the data, and
 * TypeORM's own bookkeeping (its `migrations` and `typeorm_metadata` tables), which only the way
 * the migrations were run decides.
 */
const CATALOGUE = `
WITH rel AS (
  SELECT c.oid, c.relname, c.relkind, c.relpersistence, c.reloptions, c.relrowsecurity
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relname NOT IN ('migrations', 'migrations_id_seq', 'typeorm_metadata')
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
), fn AS (
  SELECT p.oid, p.proname, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'public'
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
)
SELECT format('relation %s kind=%s persistence=%s options=%s rls=%s', relname, relkind, relpersistence, reloptions, relrowsecurity) AS line
  FROM rel WHERE relkind <> 'i'
UNION ALL
SELECT format('column %s.%s %s notnull=%s default=%s collation=%s identity=%s generated=%s', rel.relname, a.attname,
       format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(ad.adbin, ad.adrelid), co.collname, a.attidentity, a.attgenerated)
  FROM rel JOIN pg_attribute a ON a.attrelid = rel.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
  LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 0
 WHERE rel.relkind IN ('r', 'p', 'v', 'm', 'f')
UNION ALL
SELECT format('index %s on %s: %s', indexname, tablename, indexdef) FROM pg_indexes
 WHERE schemaname = 'public' AND tablename IN (SELECT relname FROM rel)
UNION ALL
SELECT format('constraint %s on %s: %s', con.conname, coalesce(rel.relname, format_type(con.contypid, NULL)), pg_get_constraintdef(con.oid))
  FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
  LEFT JOIN rel ON rel.oid = con.conrelid
 WHERE n.nspname = 'public' AND (rel.oid IS NOT NULL OR con.conrelid = 0)
UNION ALL
SELECT format('trigger %s enabled=%s: %s', t.tgname, t.tgenabled, pg_get_triggerdef(t.oid))
  FROM pg_trigger t JOIN rel ON rel.oid = t.tgrelid WHERE NOT t.tgisinternal
UNION ALL
SELECT format('function %s(%s): %s', proname, pg_get_function_identity_arguments(oid), pg_get_functiondef(oid)) FROM fn WHERE prokind IN ('f', 'p')
UNION ALL
SELECT format('%s %s(%s)', CASE prokind WHEN 'a' THEN 'aggregate' ELSE 'window function' END, proname, pg_get_function_identity_arguments(oid)) FROM fn WHERE prokind IN ('a', 'w')
UNION ALL
SELECT format('sequence %s %s start=%s increment=%s min=%s max=%s cache=%s cycle=%s', sequencename, data_type, start_value, increment_by, min_value, max_value, cache_size, cycle)
  FROM pg_sequences WHERE schemaname = 'public' AND sequencename IN (SELECT relname FROM rel)
UNION ALL
SELECT format('type %s %s enum=%s base=%s', t.typname, t.typtype,
       (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid),
       CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) END)
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm')
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
UNION ALL
SELECT format('composite type %s', c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind = 'c'
UNION ALL
SELECT format('view %s: %s', relname, pg_get_viewdef(oid)) FROM rel WHERE relkind IN ('v', 'm')
UNION ALL
SELECT format('policy %s on %s %s %s to %s using %s check %s', policyname, tablename, permissive, cmd, roles, qual, with_check)
  FROM pg_policies WHERE schemaname = 'public'
UNION ALL
SELECT format('statistics %s: %s', s.stxname, pg_get_statisticsobjdef(s.oid)) FROM pg_statistic_ext s JOIN rel ON rel.oid = s.stxrelid
UNION ALL
SELECT format('comment on %s%s: %s', rel.relname, CASE WHEN d.objsubid > 0 THEN '.' || a.attname ELSE '' END, d.description)
  FROM pg_description d JOIN rel ON d.classoid = 'pg_class'::regclass AND d.objoid = rel.oid
  LEFT JOIN pg_attribute a ON a.attrelid = rel.oid AND a.attnum = d.objsubid
UNION ALL
SELECT format('comment on function %s(%s): %s', fn.proname, pg_get_function_identity_arguments(fn.oid), d.description)
  FROM pg_description d JOIN fn ON d.classoid = 'pg_proc'::regclass AND d.objoid = fn.oid
UNION ALL
SELECT format('extension %s', extname) FROM pg_extension
`;

export async function schemaCatalogue(db: DataSource | QueryRunner): Promise<string[]> {
  const rows: { line: string }[] = await db.query(CATALOGUE);
  return rows.map((r) => r.line).sort();
}

/** What `before` has that `after` lacks (`lost`) and what `after` has that `before` lacked (`added`). */
export function catalogueDifference(before: string[], after: string[]): { lost: string[]; added: string[] } {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  return { lost: before.filter((line) => !inAfter.has(line)), added: after.filter((line) => !inBefore.has(line)) };
}
