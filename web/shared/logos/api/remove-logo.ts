import { useMutation } from '@tanstack/react-query';
import type { LogoEntityType } from '../../../../contract';
import { api } from '../../../lib/api';
import { logoPath } from './upload-logo';

export const removeLogo = (entityType: LogoEntityType, entityId: number) => api.delete<{ message: string }>(logoPath(entityType, entityId));

export function useRemoveLogo(entityType: LogoEntityType, entityId: number) {
  return useMutation({
    mutationFn: () => removeLogo(entityType, entityId),
    meta: { errorTitle: 'Error', errorDescription: 'Error al eliminar el logo. Inténtalo de nuevo.' },
  });
}
