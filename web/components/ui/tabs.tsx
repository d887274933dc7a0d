import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabItem {
  label: ReactNode;
  content: ReactNode;
  /** Hidden tabs are left out (e.g. "Personalizar" only when editing). */
  hidden?: boolean;
}

/** Tabs with keyboard navigation (Headless UI). Panels stay mounted so form state survives. */
export function Tabs({ items, defaultIndex = 0, onChange }: { items: TabItem[]; defaultIndex?: number; onChange?: (index: number) => void }) {
  const visible = items.filter((item) => !item.hidden);
  return (
    <TabGroup defaultIndex={defaultIndex} onChange={onChange}>
      {/* The tabs wrap rather than scroll: on a narrow screen (a phone at 200 % zoom) none is cut off. */}
      <TabList className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {visible.map((item, index) => (
          <Tab
            key={index}
            className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500 data-[hover]:text-slate-900 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm dark:text-slate-300 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-brand-200"
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {visible.map((item, index) => (
          <TabPanel key={index} unmount={false} className="outline-none">
            {item.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
