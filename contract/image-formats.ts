/**
 * The image files organisers upload, logos and question pictures alike: the formats (recognised
 * by their bytes on the server, by their type in the browser) and how the hints and messages name
 * them and their size limits, so that what the screens say is what the server takes.
 */
export const IMAGE_FORMATS = [
  { mime: 'image/jpeg', ext: 'jpg', name: 'JPG' },
  { mime: 'image/png', ext: 'png', name: 'PNG' },
  { mime: 'image/gif', ext: 'gif', name: 'GIF' },
  { mime: 'image/webp', ext: 'webp', name: 'WebP' },
  { mime: 'image/avif', ext: 'avif', name: 'AVIF' },
] as const;

/** The MIME types a file input accepts. */
export const IMAGE_MIME_TYPES: string[] = IMAGE_FORMATS.map((format) => format.mime);

/** 'JPG, PNG, GIF, WebP o AVIF'. */
export const IMAGE_FORMAT_NAMES = `${IMAGE_FORMATS.slice(0, -1)
  .map((format) => format.name)
  .join(', ')} o ${IMAGE_FORMATS.at(-1)!.name}`;

/** '5 MB' of a limit in bytes (binary megabytes, as the limits are written). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
