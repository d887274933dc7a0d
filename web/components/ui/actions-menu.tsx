import { Description, Label, Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { EllipsisVertical } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * "Más acciones": the less used actions of one object behind a button (Headless UI's menu: the
 * button says aria-haspopup and aria-expanded, the arrow keys, Home and End move through the items,
 * Escape closes the menu and gives the focus back to the button; touch and mouse open it as well).
 * Every item is a real button or link. A disabled item stays in the menu, reachable by the arrow
 * keys, looks disabled and says why under its label (and in its title).
 */
export function ActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Menu>
      <MenuButton
        aria-label={`Más acciones de ${name}`}
        title="Más acciones"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none data-open:bg-slate-100 pointer-coarse:size-11 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-open:bg-slate-800"
      >
        <EllipsisVertical className="size-5" aria-hidden />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4, padding: 8 }}
        className="z-40 w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {children}
      </MenuItems>
    </Menu>
  );
}

const ITEM =
  'flex w-full items-start gap-2.5 rounded-md px-3 py-2 text-left text-sm data-focus:bg-slate-100 pointer-coarse:py-3 dark:data-focus:bg-slate-800 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0';
const NORMAL = 'text-slate-800 dark:text-slate-100';
const DANGER = 'text-red-700 dark:text-red-300';
const DISABLED = 'cursor-not-allowed text-slate-500 dark:text-slate-400 [&_svg]:opacity-60';

interface ItemLook {
  icon: ReactNode;
  children: ReactNode;
  danger?: boolean;
}

function ItemBody({ icon, children, reason }: ItemLook & { reason?: string }) {
  return (
    <>
      {icon}
      <span className="min-w-0">
        <Label as="span" className="block cursor-[inherit]">{children}</Label>
        {reason && <Description as="span" className="block text-xs text-slate-600 dark:text-slate-300">{reason}</Description>}
      </span>
    </>
  );
}

/** An item that runs `onSelect`; with `disabledReason` it does nothing and shows the reason. */
export function ActionsMenuButton({ icon, children, danger, onSelect, disabledReason }: ItemLook & { onSelect: () => void; disabledReason?: string }) {
  const disabled = !!disabledReason;
  return (
    <MenuItem>
      <button
        type="button"
        aria-disabled={disabled || undefined}
        title={disabledReason}
        className={`${ITEM} ${disabled ? DISABLED : danger ? DANGER : NORMAL}`}
        onClick={(event) => {
          if (disabled) event.preventDefault();
          else onSelect();
        }}
      >
        <ItemBody icon={icon} reason={disabledReason}>
          {children}
        </ItemBody>
      </button>
    </MenuItem>
  );
}

/** An item that is a link (a full page load; `newTab` opens it in another tab). */
export function ActionsMenuLink({ icon, children, href, newTab, title }: ItemLook & { href: string; newTab?: boolean; title?: string }) {
  return (
    <MenuItem>
      <a href={href} className={`${ITEM} ${NORMAL}`} title={title} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
        <ItemBody icon={icon}>{children}</ItemBody>
      </a>
    </MenuItem>
  );
}

export function ActionsMenuSeparator() {
  return <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
}
