import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LOGO_HINT, type LogoEntityType } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';
import { useRemoveLogo } from '../api/remove-logo';
import { LogoUploadError, useUploadLogo } from '../api/upload-logo';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, withCacheBust } from '../check-image';

export interface LogoUploadProps {
  entityType: LogoEntityType;
  entityId: number;
  logoUrl: string | null;
  label?: string;
  /** Called with the new logo path (null when removed), so the owner refreshes its data. */
  onChange: (logoUrl: string | null) => void;
}

/** The reusable logo control of the company and question group dialogs. */
export function LogoUpload({ entityType, entityId, logoUrl, label = 'Logo', onChange }: LogoUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState(() => Date.now());
  const upload = useUploadLogo(entityType, entityId);
  const remove = useRemoveLogo(entityType, entityId);

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: (path) => {
        setVersion(Date.now());
        onChange(path);
        toast({ title: 'Logo subido correctamente', variant: 'success' });
      },
      onError: (error) => {
        const step = error instanceof LogoUploadError ? error.step : 'Error al subir el logo. Inténtalo de nuevo.';
        const reason = error instanceof LogoUploadError ? errorText(error.reason) : errorText(error);
        toast({ title: step, description: reason || 'Error al subir el logo. Inténtalo de nuevo.', variant: 'destructive' });
      },
    });
  }

  return (
    <div className="space-y-2">
      <span id={`${inputId}-label`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
          {logoUrl ? (
            <img src={withCacheBust(logoUrl, version)} alt={`${label} actual`} className="size-full object-contain" />
          ) : (
            <ImageIcon className="size-8 text-slate-400" aria-hidden />
          )}
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              pending={upload.isPending}
              icon={<Upload className="size-4" aria-hidden />}
              onClick={() => input.current?.click()}
            >
              {logoUrl ? 'Cambiar logo' : 'Subir logo'}
            </Button>
            {logoUrl && (
              <Button
                variant="ghost"
                size="sm"
                pending={remove.isPending}
                icon={<Trash2 className="size-4" aria-hidden />}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      onChange(null);
                      toast({ title: 'Logo eliminado correctamente', variant: 'success' });
                    },
                  })
                }
              >
                Eliminar logo
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{LOGO_HINT}</p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-labelledby={`${inputId}-label`}
          className="sr-only"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
