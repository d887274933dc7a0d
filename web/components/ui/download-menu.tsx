import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, FileDown } from 'lucide-react';
import type { ImportFormat } from '../../../contract';
import { buttonClass } from './button';

const ITEM = 'block w-full rounded-md px-3 py-2 text-left text-sm data-focus:bg-slate-100 pointer-coarse:py-3 dark:data-focus:bg-slate-800';
const FORMATS: { format: ImportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel (XLSX)' },
  { format: 'csv', label: 'CSV' },
];

/** A download offered as Excel (XLSX) or CSV: a menu button that says so while the file comes. */
export function DownloadMenu({ label, pending, onPick }: { label: string; pending: boolean; onPick: (format: ImportFormat) => void }) {
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')} disabled={pending}>
        <FileDown className="size-4" aria-hidden />
        {pending ? 'Exportando…' : label}
        <ChevronDown className="size-4" aria-hidden />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
        {FORMATS.map(({ format, label: text }) => (
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
