import { Ban } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** 'Descalificar' on a ranking row (the trivia's and the campaign's admin rankings): opens the reason dialog. */
export function DisqualifyButton({ player, onClick }: { player: { firstName: string; lastName: string }; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      className="text-red-700! max-sm:h-10 dark:text-red-300!"
      icon={<Ban className="size-4" aria-hidden />}
      aria-label={`Descalificar a ${player.firstName} ${player.lastName}`.trim()}
      onClick={onClick}
    >
      Descalificar
    </Button>
  );
}
