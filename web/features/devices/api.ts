import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceList } from '../../../contract';
import { api } from '../../lib/api';

/** Kiosks per page of the devices screen. */
export const KIOSKS_PER_PAGE = 50;
/** The screen reads the list again this often, so a kiosk that goes quiet shows up without a reload. */
const REFRESH_MS = 60_000;

export const getDevices = (companyId: number | null, offset: number) => {
  const query = new URLSearchParams({ limit: String(KIOSKS_PER_PAGE), offset: String(offset) });
  if (companyId !== null) query.set('companyId', String(companyId));
  return api.get<DeviceList>(`/api/devices?${query}`);
};

export const useDevices = (companyId: number | null, offset: number) =>
  useQuery({
    queryKey: ['devices', companyId, offset],
    queryFn: () => getDevices(companyId, offset),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
