import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { Theme } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Field, inputClass, TextInput } from '../../components/ui/field';
import { SelectInput } from '../../components/ui/form-controls';

type ThemeKey = keyof Theme;

/** Marks a field's wrapper so the editor can bring a refused value into view (its tab, its section). */
export const FIELD_ATTRIBUTE = 'data-theme-field';

/** One accordion section of a tab; closed panels stay mounted so a refused value inside can be shown. */
export function ThemeSection({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  return (
    <Disclosure as="section" defaultOpen={defaultOpen} className="rounded-xl border border-slate-200 dark:border-slate-800">
      <DisclosureButton className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold outline-none hover:bg-slate-50 data-[focus]:ring-2 data-[focus]:ring-brand-500 dark:hover:bg-slate-800/60">
        {title}
        <ChevronDown className="size-4 shrink-0 text-slate-500 transition-transform group-data-[open]:rotate-180" aria-hidden />
      </DisclosureButton>
      <DisclosurePanel unmount={false} className="grid gap-4 border-t border-slate-200 px-4 py-4 sm:grid-cols-2 dark:border-slate-800">{children}</DisclosurePanel>
    </Disclosure>
  );
}

/**
 * What the colour picker opens on: '#abc' -> '#aabbcc'; a gradient -> its first hex colour (the
 * picker takes one colour, and black would say the background is black); anything else the picker
 * cannot show -> undefined.
 */
export function pickerValue(value: string): string | undefined {
  const v = /gradient\(/i.test(value) ? (/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(value)?.[0] ?? '') : value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return undefined;
}

/** A colour as a picker plus its text (the text also takes rgb(), hsl(), names and, where allowed, gradients). */
export function ColorField({ name, label, hint, wide = false, placeholder }: { name: ThemeKey; label: string; hint?: string; wide?: boolean; placeholder?: string }) {
  const { control } = useFormContext<Theme>();
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  const picker = pickerValue(value);
  return (
    <div className={wide ? 'sm:col-span-2' : undefined} {...{ [FIELD_ATTRIBUTE]: name }}>
      <Field label={label} error={fieldState.error?.message} hint={hint}>
        {(id, describedBy) => (
          <div className="flex items-center gap-2">
            <span className="relative size-10 shrink-0 overflow-hidden rounded-lg border border-slate-300 dark:border-slate-700" style={{ background: value }}>
              <input
                type="color"
                aria-label={`${label}: selector de color`}
                value={picker ?? '#000000'}
                onChange={(event) => field.onChange(event.target.value)}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
              />
            </span>
            <input
              id={id}
              className={`${inputClass} font-mono`}
              value={value}
              placeholder={placeholder}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              spellCheck={false}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={describedBy}
            />
          </div>
        )}
      </Field>
    </div>
  );
}

/** One of the theme's listed values. */
export function ChoiceField({ name, label, options }: { name: ThemeKey; label: string; options: readonly { value: string; label: string }[] }) {
  const { register, formState } = useFormContext<Theme>();
  return (
    <div {...{ [FIELD_ATTRIBUTE]: name }}>
      <SelectInput label={label} error={formState.errors[name]?.message} {...register(name)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}

export const GRADIENT_DEFAULTS = { start: '#f0f4ff', end: '#ffffff', angle: 135 } as const;

/** Builds a two-colour linear-gradient and applies it to the background colour. */
export function GradientBuilder() {
  const { setValue } = useFormContext<Theme>();
  const [start, setStart] = useState<string>(GRADIENT_DEFAULTS.start);
  const [end, setEnd] = useState<string>(GRADIENT_DEFAULTS.end);
  const [angle, setAngle] = useState<number>(GRADIENT_DEFAULTS.angle);
  const gradient = `linear-gradient(${angle}deg, ${start}, ${end})`;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 sm:col-span-2 dark:bg-slate-800/50">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Crear degradado</p>
      <div className="grid gap-3 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:items-end">
        <label className="flex items-center gap-2 text-sm">
          <input type="color" value={start} onChange={(e) => setStart(e.target.value)} className="size-9 cursor-pointer rounded border border-slate-300" />
          Color inicial
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="color" value={end} onChange={(e) => setEnd(e.target.value)} className="size-9 cursor-pointer rounded border border-slate-300" />
          Color final
        </label>
        <label className="block text-sm">
          <span className="block">Ángulo: {angle}°</span>
          <input type="range" min={0} max={360} step={5} value={angle} onChange={(e) => setAngle(Number(e.target.value))} className="w-full accent-brand-600" />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="h-9 min-w-24 flex-1 rounded-lg border border-slate-300 dark:border-slate-700" style={{ background: gradient }} aria-hidden />
        <Button variant="secondary" size="sm" onClick={() => setValue('backgroundColor', gradient, { shouldDirty: true, shouldValidate: true })}>
          Aplicar degradado al fondo
        </Button>
      </div>
    </div>
  );
}

/** Optional https background image, shown over the background colour. */
export function ImageUrlField() {
  const { register, formState } = useFormContext<Theme>();
  return (
    <div className="sm:col-span-2" {...{ [FIELD_ATTRIBUTE]: 'backgroundImage' }}>
      <TextInput
        label="Imagen de fondo (URL https, opcional)"
        type="url"
        placeholder="https://…"
        error={formState.errors.backgroundImage?.message}
        {...register('backgroundImage')}
      />
    </div>
  );
}
