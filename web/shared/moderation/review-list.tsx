import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Card } from '../../components/ui/card';
import { ErrorState, LoadingState } from '../../components/ui/states';

/**
 * Keeps the keyboard focus when a decided row disappears: `decided(id)` (called once the decision
 * succeeded) moves it to the next row's action (`[actionAttribute="<id>"]`), or the previous one,
 * or the list's heading when none is left. It waits until no request is running (the buttons are
 * enabled again) and after a closing confirmation's own focus restore.
 */
export function useFocusAfterDecision(rows: readonly { id: number }[] | undefined, busy: boolean, actionAttribute: string) {
  const [focusNext, setFocusNext] = useState<number | 'heading' | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusNext === null || !rows || busy) return;
    const timer = window.setTimeout(() => {
      const target =
        focusNext === 'heading' ? headingRef.current : sectionRef.current?.querySelector<HTMLElement>(`[${actionAttribute}="${focusNext}"]`);
      target?.focus();
      setFocusNext(null);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusNext, rows, busy, actionAttribute]);

  const decided = (id: number) => {
    const list = rows ?? [];
    const index = list.findIndex((row) => row.id === id);
    const next = list[index + 1] ?? list[index - 1];
    setFocusNext(next ? next.id : 'heading');
  };
  return { sectionRef, headingRef, decided };
}

interface ReviewListProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  description: string;
  status: 'pending' | 'error' | 'success';
  count: number;
  /** The count's badge ('3 pendientes' unless told). */
  badge?: (count: number) => string;
  /** What the badge counts when it is not the rows shown (a filtered or paged list). */
  pendingCount?: number;
  loadingLabel: string;
  errorTitle: string;
  emptyText: string;
  sectionRef: RefObject<HTMLElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The rows (`<li>`), shown when there is at least one. */
  children: ReactNode;
  /** Rendered inside the section, after the rows or the empty text (a record of past decisions, 'Cargar más'). */
  more?: ReactNode;
  /** Rendered between the description and the rows (filters, a selection bar). */
  toolbar?: ReactNode;
  /** Rendered after the section, inside the card (a confirmation dialog). */
  after?: ReactNode;
}

/** An admin review list ("Resultados en revisión", "Cambios de nombre"): heading, pending count, states, rows. */
export function ReviewList(props: ReviewListProps) {
  const { titleId, title, description, status, count, sectionRef, headingRef } = props;
  const pending = props.pendingCount ?? count;
  return (
    <Card className="p-4 sm:p-5">
      <section ref={sectionRef} aria-labelledby={titleId} className="space-y-3">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {title}
            </h2>
            {pending > 0 && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                {props.badge ? props.badge(pending) : pending === 1 ? '1 pendiente' : `${pending} pendientes`}
              </span>
            )}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        {status === 'success' && props.toolbar}
        {status === 'pending' ? (
          <LoadingState label={props.loadingLabel} />
        ) : status === 'error' ? (
          <ErrorState title={props.errorTitle} />
        ) : count === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">{props.emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">{props.children}</ul>
        )}
        {props.more}
      </section>
      {props.after}
    </Card>
  );
}
