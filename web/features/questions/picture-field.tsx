import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefCallback } from 'react';
import type { PlacedPicture } from '../../../contract';
import { Button } from '../../components/ui/button';
import { TextInput } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { fileProblem } from '../../shared/uploads/file-problem';
import { PICTURE_FILES, pictureUploadErrorText, useUploadPicture } from './api/upload-picture';
import { PictureImage } from '../../shared/pictures/picture-image';

export interface PictureFieldProps {
  groupId: number;
  /** Names the control: "Imagen (opcional)" for the question, "Imagen de la respuesta 2" (never "pregunta": the editor's "Pregunta" label stays one). */
  label: string;
  /** An answer's control: its name for screen readers only, a quieter button, a smaller preview. */
  compact?: boolean;
  value: PlacedPicture | null;
  onChange: (picture: PlacedPicture | null) => void;
  onBlur?: () => void;
  /** The form's ref, on the alt text input: a submit missing it focuses it. */
  altRef?: RefCallback<HTMLInputElement>;
  /** About the picture itself (the server no longer has it). */
  error?: string;
  altError?: string;
}

/**
 * A question's or an answer's optional picture: choose a file, upload it (signed URL, then its
 * bytes), see it, write its alt text, change or remove it. A new picture starts without alt text
 * (the old text described another picture) and the focus goes to that input; after a removal it
 * goes to "Agregar imagen", after a failed upload back to the button that started it.
 */
export function PictureField({ groupId, label, compact = false, value, onChange, onBlur, altRef, error, altError }: PictureFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const altInput = useRef<HTMLInputElement | null>(null);
  const focusAfter = useRef<'alt' | 'choose' | null>(null);
  const upload = useUploadPicture(groupId);
  const [problem, setProblem] = useState<string | null>(null);

  // Moves the focus once the control shows what an upload or a removal left (a disabled button lost it).
  useEffect(() => {
    const target = focusAfter.current === 'alt' ? altInput.current : focusAfter.current === 'choose' ? chooseButton.current : null;
    if (target && !upload.isPending) {
      focusAfter.current = null;
      target.focus();
    }
  });

  function choose(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const refused = fileProblem(file, PICTURE_FILES);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (picture) => {
        focusAfter.current = 'alt';
        onChange({ ...picture, alt: '' });
      },
      onError: () => {
        focusAfter.current = 'choose';
      },
    });
  }

  const remove = () => {
    setProblem(null);
    upload.reset();
    focusAfter.current = 'choose';
    onChange(null);
  };

  const message = problem ?? (upload.isError ? pictureUploadErrorText(upload.error) : error);
  const chooseProps = {
    ref: chooseButton,
    size: 'sm' as const,
    disabled: upload.isPending,
    'aria-describedby': message ? `${id}-message` : undefined,
    onClick: () => fileInput.current?.click(),
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <span id={`${id}-label`} className={compact ? 'sr-only' : 'block text-sm font-medium text-slate-700 dark:text-slate-200'}>
        {label}
      </span>
      {value ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <PictureImage picture={value} className={compact ? 'max-h-32 w-40' : 'max-h-56 w-full max-w-64'} />
          <div className="min-w-0 flex-1 space-y-2">
            <TextInput
              ref={(element) => {
                altInput.current = element;
                altRef?.(element);
              }}
              label="Texto alternativo"
              hint="Describe la imagen para quien no puede verla"
              aria-required
              autoComplete="off"
              error={altError}
              value={value.alt}
              onChange={(event) => onChange({ ...value, alt: event.target.value })}
              onBlur={onBlur}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button {...chooseProps} variant="secondary" icon={<Upload className="size-4" aria-hidden />}>
                Cambiar imagen
              </Button>
              <Button variant="ghost" size="sm" disabled={upload.isPending} onClick={remove} icon={<Trash2 className="size-4" aria-hidden />}>
                Quitar imagen
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button {...chooseProps} variant={compact ? 'ghost' : 'secondary'} icon={<ImagePlus className="size-4" aria-hidden />}>
            Agregar imagen
          </Button>
          {!compact && <p className="text-xs text-slate-500 dark:text-slate-400">JPG, PNG, GIF, WebP o AVIF, hasta 12 MB</p>}
        </div>
      )}
      {upload.isPending && (
        <div className="text-slate-700 dark:text-slate-200">
          <Spinner className="size-4" label="Subiendo imagen..." />
        </div>
      )}
      {message && (
        <p id={`${id}-message`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={PICTURE_FILES.types.join(',')}
        tabIndex={-1}
        aria-label={label}
        className="hidden"
        onChange={(event) => choose(event.target.files?.[0])}
      />
    </div>
  );
}
