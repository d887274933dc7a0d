import { Construction } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** Placeholder for screens that later work builds; says so plainly instead of a blank page. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 p-10 text-center">
      <Construction className="size-10 text-amber-500" aria-hidden />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">Esta pantalla está en construcción.</p>
    </Card>
  );
}

export const underConstruction = (title: string) =>
  function Placeholder() {
    return <UnderConstructionPage title={title} />;
  };
