import type { EntityManager } from 'typeorm';
import { DEVICE_REJECTIONS_LISTED, eventTimeZone, type DeviceList, type DeviceListQuery, type KioskSummary } from '../../../contract';
import { presentRejection } from '../../play/sync/presenter';
import type { RejectionRow } from '../../play/sync/rejections';
import { countMutationsByDevice, totalOfKinds, type DeviceOutcomes } from '../../play/devices/mutation-counts';
import { serverTimeZone } from '../../platform/lib/time-zone';
import { IN_SCOPE } from '../../platform/access/object-companies';
import { kioskAttention, type CampaignDays, type KioskAttention } from './kiosk-attention';

export interface KioskRow {
  id: string;
  kiosk_name: string;
  kiosk_setup_at: Date;
  last_seen_at: Date | null;
  data_lost_at: Date | null;
  last_sync_at: Date | null;
  trivia_id: number | null;
  trivia_name: string | null;
  company_id: number | null;
  company_name: string | null;
  time_zone: string | null;
  campaigns: CampaignDays[];
}

/**
 * Every kiosk of the filter (a company; and of `companies` only, null: every company), with what
 * the attention order needs. One row per tablet set up through a link, so the whole set is small;
 * its counts and refusals are read for one page only. A kiosk is of the company of the trivia it
 * is set up for (IN_SCOPE.device).
 */
export async function loadKiosks(em: EntityManager, companyId: number | undefined, companies: number[] | null = null): Promise<KioskRow[]> {
  return em.query(
    `SELECT d.id, d.kiosk_name, d.kiosk_setup_at, d.last_seen_at, d.data_lost_at,
            (SELECT s.created_at FROM sync_mutations s WHERE s.device_id = d.id ORDER BY s.mutation_id DESC LIMIT 1) AS last_sync_at,
            g.id AS trivia_id, g.name AS trivia_name, c.id AS company_id, c.name AS company_name, c.time_zone,
            COALESCE((SELECT json_agg(json_build_object('startDate', to_char(k.start_date, 'YYYY-MM-DD'), 'endDate', to_char(k.end_date, 'YYYY-MM-DD')))
                        FROM campaign_question_groups l JOIN campaigns k ON k.id = l.campaign_id
                       WHERE l.question_group_id = g.id), '[]'::json) AS campaigns
       FROM devices d
       LEFT JOIN question_groups g ON g.id = d.kiosk_question_group_id
       LEFT JOIN companies c ON c.id = g.company_id
      WHERE d.kiosk_setup_at IS NOT NULL AND ($1::int IS NULL OR g.company_id = $1) AND ($2::int[] IS NULL OR g.company_id = ANY($2::int[]))`,
    [companyId ?? null, companies],
  );
}

/** The newest refused mutations of each device, at most DEVICE_REJECTIONS_LISTED each. */
async function loadRejections(em: EntityManager, deviceIds: string[]): Promise<Map<string, RejectionRow[]>> {
  const byDevice = new Map<string, RejectionRow[]>(deviceIds.map((id) => [id, []]));
  if (deviceIds.length === 0) return byDevice;
  const rows: RejectionRow[] = await em.query(
    `SELECT r.* FROM unnest($1::uuid[]) AS d(id)
       CROSS JOIN LATERAL (
         SELECT device_id, mutation_id, kind, reason, payload, created_at FROM sync_mutations
          WHERE device_id = d.id AND status = 'rejected' ORDER BY mutation_id DESC LIMIT ${DEVICE_REJECTIONS_LISTED}
       ) r`,
    [deviceIds],
  );
  for (const row of rows) byDevice.get(row.device_id)?.push(row);
  return byDevice;
}

interface Ranked {
  row: KioskRow;
  attention: KioskAttention;
  outcomes: DeviceOutcomes;
  rejected: number;
}

/**
 * Kiosks that lost their data first, then offline kiosks (longest silent first), then those with
 * refused mutations (most first), then kiosks in service before the others, then by name.
 */
function byAttention(a: Ranked, b: Ranked): number {
  if ((a.row.data_lost_at === null) !== (b.row.data_lost_at === null)) return a.row.data_lost_at ? -1 : 1;
  if (a.attention.offline !== b.attention.offline) return a.attention.offline ? -1 : 1;
  if (a.attention.offline) return a.attention.silentSince.getTime() - b.attention.silentSince.getTime();
  if (a.rejected !== b.rejected) return b.rejected - a.rejected;
  if (a.attention.inService !== b.attention.inService) return a.attention.inService ? -1 : 1;
  return a.row.kiosk_name.localeCompare(b.row.kiosk_name, 'es') || a.row.id.localeCompare(b.row.id);
}

/** Whether the kiosk of `row` needs attention now (api/results/kiosk-board/kiosk-attention.ts). */
export const attentionOf = (row: KioskRow, now: Date): KioskAttention =>
  kioskAttention({ now, setupAt: new Date(row.kiosk_setup_at), lastSeenAt: row.last_seen_at && new Date(row.last_seen_at), campaigns: row.campaigns, timeZone: eventTimeZone(row.time_zone, serverTimeZone()) });

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * GET /api/devices: one page of kiosks, needing attention first, and the phones as a count; of
 * `companies` only (null: every company), a phone counted when it played a trivia of one of them.
 */
export async function listKiosks(em: EntityManager, query: DeviceListQuery, companies: number[] | null, now = new Date()): Promise<DeviceList> {
  const rows = await loadKiosks(em, query.companyId, companies);
  const counts = await countMutationsByDevice(em, rows.map((row) => row.id));
  const ranked = rows
    .map((row): Ranked => {
      const outcomes = counts.get(row.id)!;
      return {
        row,
        outcomes,
        rejected: totalOfKinds(outcomes.counts).rejected,
        attention: attentionOf(row, now),
      };
    })
    .sort(byAttention);
  const page = ranked.slice(query.offset, query.offset + query.limit);
  const rejections = await loadRejections(em, page.map(({ row }) => row.id));
  const [phones]: { count: number; last_seen_at: Date | null }[] = await em.query(
    `SELECT count(*)::int AS count, max(d.last_seen_at) AS last_seen_at FROM devices d
      WHERE d.kiosk_setup_at IS NULL AND ($1::int[] IS NULL OR ${IN_SCOPE.device('d.id', '$1::int[]')})`,
    [companies],
  );
  return {
    kiosks: page.map(({ row, attention, outcomes }): KioskSummary => ({
      id: row.id,
      name: row.kiosk_name,
      trivia:
        row.trivia_id === null ? null : { id: row.trivia_id, name: row.trivia_name ?? '', companyId: row.company_id ?? 0, companyName: row.company_name ?? '' },
      setupAt: new Date(row.kiosk_setup_at).toISOString(),
      lastSeenAt: iso(row.last_seen_at),
      lastSyncAt: iso(row.last_sync_at),
      mutations: { byKind: outcomes.counts, total: totalOfKinds(outcomes.counts), inReview: outcomes.inReview },
      rejections: (rejections.get(row.id) ?? []).map((rejection) => {
        const { deviceId: _deviceId, ...shown } = presentRejection(rejection);
        return shown;
      }),
      attention: { inService: attention.inService, offline: attention.offline, silentSince: attention.silentSince.toISOString() },
      dataLostAt: iso(row.data_lost_at),
    })),
    total: rows.length,
    phones: { count: phones?.count ?? 0, lastSeenAt: iso(phones?.last_seen_at ?? null) },
    checkedAt: now.toISOString(),
  };
}
