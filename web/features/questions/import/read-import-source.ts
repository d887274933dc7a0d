import { IMPORT_MAX_PICTURES, IMPORT_TOO_MANY_PICTURES_MESSAGE } from '../../../../contract';
import { fileContent } from './api/question-files';

/**
 * What an import sends: a spreadsheet (CSV or XLSX), alone or out of a ZIP of the spreadsheet and
 * the pictures its rows name (docs/question-import.md). The browser opens the ZIP: the API takes
 * JSON, and each picture goes through the picture upload like any other.
 */
export interface ImportSource {
  /** The spreadsheet's bytes, base64. */
  content: string;
  /** The ZIP's pictures by their path in it; undefined for a spreadsheet alone. */
  pictures?: Map<string, File>;
}

/** Past this, a ZIP is not opened (a trivia's pictures, exported, weigh far less). */
const ZIP_MAX_BYTES = 300 * 1024 * 1024;
const PICTURE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' };
const SPREADSHEET = /\.(xlsx|csv)$/i;
/** Every XLSX workbook holds this entry: a ZIP with it is a workbook, not a ZIP of one. */
const WORKBOOK_ENTRY = '[Content_Types].xml';

const extension = (path: string) => path.split('.').at(-1)!.toLowerCase();
/** A picture's type by its name's extension (the server reads its bytes); undefined for any other file. */
const pictureType = (path: string) => (Object.hasOwn(PICTURE_TYPES, extension(path)) ? PICTURE_TYPES[extension(path)] : undefined);
const baseName = (path: string) => path.split('/').at(-1)!;
/** Folders, hidden files and the folder macOS adds to the ZIPs it makes. */
const ignored = (path: string) => path.endsWith('/') || path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

async function isZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * The ZIP's entry names, and the entries that may matter unpacked (a workbook's own marker, any
 * spreadsheet or picture). fflate is loaded only for a ZIP; it unpacks on this thread, as the page's
 * CSP lets no worker start from a blob.
 */
async function openZip(bytes: Uint8Array) {
  const { unzipSync } = await import('fflate');
  const names: string[] = [];
  try {
    const entries = unzipSync(bytes, {
      filter: ({ name }) => {
        names.push(name);
        return name === WORKBOOK_ENTRY || (!ignored(name) && (SPREADSHEET.test(name) || pictureType(name) !== undefined));
      },
    });
    return { names, entries };
  } catch {
    throw new Error('El ZIP no se pudo abrir: está dañado');
  }
}

/**
 * The file the organiser chose, ready to send: a CSV or an XLSX as it is; a ZIP opened into its one
 * spreadsheet and its pictures (JPG, PNG, GIF, WebP or AVIF, in any folder). Throws the Spanish
 * message to show when the ZIP cannot be used.
 */
export async function readImportSource(file: File): Promise<ImportSource> {
  if (!(await isZip(file))) return { content: await fileContent(file) };
  if (file.size > ZIP_MAX_BYTES) throw new Error(`El ZIP supera el máximo de ${ZIP_MAX_BYTES / 1024 / 1024} MB: divídelo en varios`);
  const { names, entries } = await openZip(new Uint8Array(await file.arrayBuffer()));
  if (names.includes(WORKBOOK_ENTRY)) return { content: await fileContent(file) };

  const spreadsheets = names.filter((name) => !ignored(name) && SPREADSHEET.test(name));
  if (spreadsheets.length === 0) throw new Error('El ZIP no tiene ninguna hoja de cálculo (.xlsx o .csv)');
  if (spreadsheets.length > 1) throw new Error(`El ZIP tiene ${spreadsheets.length} hojas de cálculo: deja solo una`);
  const pictureNames = names.filter((name) => !ignored(name) && pictureType(name) !== undefined);
  if (pictureNames.length > IMPORT_MAX_PICTURES) throw new Error(IMPORT_TOO_MANY_PICTURES_MESSAGE);

  const sheet = spreadsheets[0]!;
  return {
    content: await fileContent(new File([entries[sheet]!], baseName(sheet))),
    pictures: new Map(pictureNames.map((name) => [name, new File([entries[name]!], baseName(name), { type: pictureType(name) })])),
  };
}
