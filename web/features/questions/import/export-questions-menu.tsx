import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, FileDown } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useDownloadExport } from './api/question-files';

const ITEM = 'block w-full rounded-md px-3 py-2 text-left text-sm data-focus:bg-slate-100 pointer-coarse:py-3 dark:data-focus:bg-slate-800';

/** "Exportar preguntas": the trivia's questions as CSV or XLSX, in the import's own format. */
export function ExportQuestionsMenu({ groupId }: { groupId: number }) {
  const download = useDownloadExport(groupId);
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')} disabled={download.isPending}>
        <FileDown className="size-4" aria-hidden />
        {download.isPending ? 'Exportando…' : 'Exportar preguntas'}
        <ChevronDown className="size-4" aria-hidden />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
        <MenuItem>
          <button type="button" className={ITEM} onClick={() => download.mutate('xlsx')}>
            Excel (XLSX)
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={ITEM} onClick={() => download.mutate('csv')}>
            CSV
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
