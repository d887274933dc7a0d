import { useId, type ReactNode } from 'react';

/** The staff panel's button look (staff-panel.css), with the staff-button-primary or -danger variant added where needed. */
export const STAFF_BUTTON = 'staff-button inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold';

/** One card of the staff panel: a section named by its heading. */
export function StaffSection({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="staff-card space-y-3 rounded-xl p-4" data-testid={testId}>
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}
