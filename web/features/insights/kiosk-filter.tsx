import { kioskActivityName, type KioskActivity } from '../../../contract';
import { SelectInput } from '../../components/ui/form-controls';

/**
 * "Kiosco": every round, or one kiosk's. It offers the kiosks that played the trivia in the chosen
 * days (the activity figures list them); a kiosk chosen before the days changed stays chosen and says so.
 */
export function KioskFilter({ kiosks, value, onChange }: { kiosks: KioskActivity[]; value: string | undefined; onChange: (deviceId: string | undefined) => void }) {
  const options = kiosks.filter((kiosk) => kiosk.deviceId !== null);
  return (
    <SelectInput
      label="Kiosco"
      hint="Las rondas de teléfonos y del enlace público solo entran con «Todos»."
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">Todos</option>
      {options.map((kiosk) => (
        <option key={kiosk.deviceId} value={kiosk.deviceId!}>
          {kioskActivityName(kiosk)}
        </option>
      ))}
      {value && !options.some((kiosk) => kiosk.deviceId === value) && <option value={value}>Kiosco sin rondas en estas fechas</option>}
    </SelectInput>
  );
}
