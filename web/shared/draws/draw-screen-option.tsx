import { useState } from 'react';
import { Checkbox } from '../../components/ui/form-controls';
import { errorText } from '../../lib/api';
import { useDrawScreenSettings, useSaveDrawScreenSettings, type DrawSubject } from './api/draws';

/**
 * "Mostrar los sorteos de hoy en la pantalla": the organiser's choice to list every draw of the
 * day (winners, "Repetido") on the public big screen, so re-rolls are there for the audience too.
 */
export function DrawScreenOption({ subject }: { subject: DrawSubject }) {
  const settings = useDrawScreenSettings(subject);
  const save = useSaveDrawScreenSettings(subject);
  // The box follows the click at once; a refused save puts it back to what the server holds.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? settings.data?.showHistory ?? false;
  return (
    <div className="space-y-1" data-testid="draw-screen-option">
      <Checkbox
        label="Mostrar los sorteos de hoy en la pantalla"
        hint="La pantalla pública lista cada sorteo del día con sus ganadores y la marca «Repetido»"
        checked={checked}
        disabled={settings.isPending}
        onChange={(event) => {
          setChosen(event.target.checked);
          save.mutate({ showHistory: event.target.checked }, { onError: () => setChosen(null) });
        }}
      />
      {(settings.isError || save.isError) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error ?? settings.error)}
        </p>
      )}
    </div>
  );
}
