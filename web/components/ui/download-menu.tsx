import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, FileDown } from 'lucide-react';
import type { ImportFormat } from '../../../contract';
import { buttonClass } from './button';

const ITEM = 'block w-full rounded-md px-3 py-2 text-left text-sm data-focus:bg-slate-100 pointer-coarse:py-3 dark:data-focus:bg-slate-800';
/** The formats a download is offered in unless told: Excel (XLSX) and CSV. */
export const SHEET_FORMATS: { format: ImportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel (XLSX)' },
  { format: 'csv', label: 'CSV' },
];

/** A download offered in a few formats (Excel and CSV unless told): a menu button that says so while the file comes. */
export function DownloadMenu<F extends string = ImportFormat>({
  label,
  pending,
  onPick,
  formats = SHEET_FORMATS as { format: F; label: string }[],
}: {
  label: string;
  pending: boolean;
  onPick: (format: F) => void;
  formats?: { format: F; label: string }[];
}) {
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')} disabled={pending}>
        <FileDown className="size-4" aria-hidden />
        {pending ? 'Exportando…' : label}
        <ChevronDown className="size-4" aria-hidden />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
        {formats.map(({ format, label: text }) => (
          <MenuItem key={format}>
            <button type="button" className={ITEM} onClick={() => onPick(format)}>
              {text}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
