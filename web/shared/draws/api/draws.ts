import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrawRecord, DrawRequest, DrawScreenSettings, DrawVerification, Location } from '../../../../contract';
import { api } from '../../../lib/api';

/** What a draw is of: a trivia or a campaign. */
export interface DrawSubject {
  kind: 'trivia' | 'campaign';
  id: number;
}

const drawsPath = ({ kind, id }: DrawSubject) => `/api/${kind === 'trivia' ? 'question-groups' : 'campaigns'}/${id}/draws`;

export const drawsKey = (subject: DrawSubject) => ['draws', subject.kind, subject.id] as const;

/** GET …/draws (admin): the record of every draw, newest first. */
export const drawsQueryOptions = (subject: DrawSubject) =>
  queryOptions({ queryKey: drawsKey(subject), queryFn: () => api.get<DrawRecord[]>(drawsPath(subject)), meta: { errorTitle: 'No se pudieron cargar los sorteos' } });

export const useDraws = (subject: DrawSubject) => useQuery(drawsQueryOptions(subject));

/** POST …/draws: runs a draw; a failure (fewer eligible than prizes, bad filters) is shown by the form. */
export function useRunDraw(subject: DrawSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DrawRequest) => api.post<DrawRecord>(drawsPath(subject), request),
    onSuccess: () => client.invalidateQueries({ queryKey: drawsKey(subject) }),
  });
}

/** GET /api/draws/{id}/verify: the draw re-run from its stored list and seed. */
export const useVerifyDraw = () => useMutation({ mutationFn: (id: number) => api.get<DrawVerification>(`/api/draws/${id}/verify`) });

export const drawExportUrl = (id: number) => `/api/draws/${id}/export`;

/** The company's sites, for the site filter. */
export const useDrawSites = (companyId: number | undefined) =>
  useQuery({
    queryKey: ['companies', companyId, 'locations'],
    queryFn: () => api.get<Location[]>(`/api/companies/${companyId}/locations`),
    enabled: companyId !== undefined,
  });

const screenKey = (subject: DrawSubject) => [...drawsKey(subject), 'screen'] as const;

/** GET …/draws/screen: whether the public big screen lists the day's draws. */
export const useDrawScreenSettings = (subject: DrawSubject) =>
  useQuery({
    queryKey: screenKey(subject),
    queryFn: () => api.get<DrawScreenSettings>(`${drawsPath(subject)}/screen`),
    meta: { errorTitle: 'No se pudo cargar la opción de la pantalla' },
  });

/** PUT …/draws/screen: the organiser's choice. */
export function useSaveDrawScreenSettings(subject: DrawSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: DrawScreenSettings) => api.put<DrawScreenSettings>(`${drawsPath(subject)}/screen`, settings),
    onSuccess: (saved) => client.setQueryData(screenKey(subject), saved),
  });
}
