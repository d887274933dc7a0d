import { forwardRef } from 'react';
import { PUBLIC_NAME_STYLE_LABELS, PUBLIC_NAME_STYLES } from '../../contract';
import { SelectInput, type SelectInputProps } from './ui/form-controls';

/** How players are named on public rankings and the big screen: one field for the trivia and the campaign forms. */
export const PublicNamesSelect = forwardRef<HTMLSelectElement, Omit<SelectInputProps, 'label' | 'hint' | 'children'>>(function PublicNamesSelect(props, ref) {
  return (
    <SelectInput
      ref={ref}
      label="Jugadores en rankings públicos y pantalla"
      hint="Cómo se muestra cada jugador. Los rankings del administrador siempre lo muestran completo."
      {...props}
    >
      {PUBLIC_NAME_STYLES.map((style) => (
        <option key={style} value={style}>
          {PUBLIC_NAME_STYLE_LABELS[style]}
        </option>
      ))}
    </SelectInput>
  );
});
