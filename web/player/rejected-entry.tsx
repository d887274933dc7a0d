import type { RejectedEntry } from '../offline';
import { formatDateTime } from './format';

const KIND_LABEL: Record<string, string> = { player: 'Registro', attempt: 'Intento', completion: 'Resultado' };

/**
 * A write the server refused, as the badge and the staff panel show it: its kind and number, its
 * document (kept masked, '*******890'), the server's reason and when it was refused. Whatever an
 * older build or an odd reply left in the entry reads as text.
 */
export function RejectedEntryLines({ entry, titleClass = '', mutedClass }: { entry: RejectedEntry; titleClass?: string; mutedClass: string }) {
  const document: unknown = entry.payload?.documentNumber;
  return (
    <>
      <p className={`font-semibold ${titleClass}`}>
        {KIND_LABEL[entry.kind] ?? entry.kind} #{entry.mutationId}
        {typeof document === 'string' && <span className="font-normal"> · Documento {document}</span>}
      </p>
      <p className="break-words">{typeof entry.reason === 'string' ? entry.reason : ''}</p>
      <p className={mutedClass}>
        Rechazado el <time dateTime={entry.rejectedAt}>{formatDateTime(entry.rejectedAt)}</time>
      </p>
    </>
  );
}
