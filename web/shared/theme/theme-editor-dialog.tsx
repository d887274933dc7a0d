import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { DEFAULT_THEME, readableThemeSchema, themeSchema, type Theme } from '../../../contract';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-dialog';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { ApiError, errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useQuestionGroup } from '../questions/api/get-question-group';
import { useUpdateTheme } from './api/update-theme';
import { THEME_OPTIONS } from './theme-choices';
import { ContrastChecks } from './contrast-checks';
import { ChoiceField, ColorField, FIELD_ATTRIBUTE, GradientBuilder, ImageUrlField, ThemeSection } from './theme-fields';
import { ThemePreview } from './theme-preview';

export interface ThemeEditorDialogProps {
  groupId: number;
  groupName: string;
  open: boolean;
  onClose: () => void;
  /** Success toast: the groups screen says 'Estilos de la trivia actualizados correctamente', the questions screen 'Tema actualizado correctamente'. */
  successTitle?: string;
}

const FORM_ID = 'theme-form';

interface FieldIssue {
  field: string;
  message: string;
}

/** 'Editar Estilos de Trivia - {name}': the theme editor with its live preview. */
export function ThemeEditorDialog({ groupId, groupName, open, onClose, successTitle = 'Estilos de la trivia actualizados correctamente' }: ThemeEditorDialogProps) {
  const group = useQuestionGroup(groupId, open);
  const update = useUpdateTheme();
  const save = (theme: Theme, refused: (issues: FieldIssue[]) => void) =>
    update.mutate(
      { groupId, theme },
      {
        onSuccess: () => {
          toast({ title: successTitle, variant: 'success' });
          onClose();
        },
        // The server's 400 names the refused fields ('theme.<field>'): they show as the form's own errors.
        onError: (error) => {
          const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
          refused(issues.filter((issue) => issue.path.startsWith('theme.')).map((issue) => ({ field: issue.path.slice('theme.'.length), message: issue.message })));
        },
      },
    );

  return (
    <Dialog
      open={open}
      onClose={() => !update.isPending && onClose()}
      title={`Editar Estilos de Trivia - ${groupName}`}
      size="full"
      // The form sits beside its preview, and in place of the loading and error states: the footer alone is shared.
      footer={<FormFooter formId={FORM_ID} submitLabel="Guardar Tema" submitDisabled={!group.data} pending={update.isPending} onCancel={onClose} />}
    >
      {group.isPending ? (
        <LoadingState label="Cargando tema..." />
      ) : group.isError ? (
        <ErrorState title="No se pudo cargar el tema" message={errorText(group.error)} />
      ) : (
        <ThemeEditorForm initial={{ ...DEFAULT_THEME, ...group.data.theme }} onSave={save} />
      )}
    </Dialog>
  );
}

function ThemeEditorForm({ initial, onSave }: { initial: Theme; onSave: (theme: Theme, refused: (issues: FieldIssue[]) => void) => void }) {
  const form = useForm<Theme>({ resolver: zodResolver(readableThemeSchema), defaultValues: initial, mode: 'onChange' });
  const watched = useWatch({ control: form.control });
  const preview = previewTheme(initial, watched);
  const [tab, setTab] = useState(0);
  const fields = useRef<HTMLDivElement>(null);

  // A refused value: its tab opens, its section unfolds, the field takes focus with its message under it.
  const showRefused = (errors: FieldErrors<Theme>) => {
    const root = fields.current;
    if (!root) return;
    const first = [...root.querySelectorAll<HTMLElement>(`[${FIELD_ATTRIBUTE}]`)].find((el) => el.getAttribute(FIELD_ATTRIBUTE)! in errors);
    if (!first) return;
    const panels = [...root.querySelectorAll('[role="tabpanel"]')];
    const panel = first.closest('[role="tabpanel"]');
    if (panel) setTab(panels.indexOf(panel));
    requestAnimationFrame(() => {
      const section = first.closest('section');
      const toggle = section?.querySelector<HTMLButtonElement>(':scope > button[aria-expanded="false"]');
      toggle?.click();
      requestAnimationFrame(() => {
        const control = first.querySelector<HTMLElement>('input:not([type="color"]), select');
        control?.focus();
        control?.scrollIntoView({ block: 'center' });
      });
    });
  };

  const showServerRefusal = (issues: FieldIssue[]) => {
    const known = issues.filter((issue) => issue.field in themeSchema.shape);
    for (const issue of known) form.setError(issue.field as keyof Theme, { type: 'server', message: issue.message });
    if (known.length > 0) showRefused(Object.fromEntries(known.map((issue) => [issue.field, { message: issue.message }])));
  };

  return (
    <FormProvider {...form}>
      <h3 className="mb-4 text-base font-semibold">Personalización de Tema</h3>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <form id={FORM_ID} onSubmit={(event) => void form.handleSubmit((theme) => onSave(theme, showServerRefusal), showRefused)(event)} noValidate className="min-w-0">
          <div ref={fields}>
            <TabGroup selectedIndex={tab} onChange={setTab}>
              <TabList className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
                {TABS.map((item) => (
                  <Tab
                    key={item.label}
                    className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500 data-[hover]:text-slate-900 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm dark:text-slate-200 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-brand-200"
                  >
                    {item.label}
                  </Tab>
                ))}
              </TabList>
              <TabPanels className="mt-4">
                {TABS.map((item) => (
                  <TabPanel key={item.label} unmount={false} className="outline-none">
                    {item.content}
                  </TabPanel>
                ))}
              </TabPanels>
            </TabGroup>
          </div>
        </form>
        <aside className="order-first space-y-3 lg:sticky lg:top-0 lg:order-none lg:self-start" aria-label="Vista previa">
          <ContrastChecks theme={preview} onApply={(field, value) => form.setValue(field, value, { shouldDirty: true, shouldValidate: true })} />
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Vista previa</p>
          <ThemePreview theme={preview} />
        </aside>
      </div>
    </FormProvider>
  );
}

/**
 * The theme as the preview shows it: each value as typed when the schema takes it, the last
 * saved one while it is refused (the field shows why), so the preview never shows what could not
 * be saved, nor requests an image the player page could not load.
 */
function previewTheme(initial: Theme, watched: Partial<Record<keyof Theme, unknown>>): Theme {
  const theme: Record<string, unknown> = { ...initial };
  for (const [key, value] of Object.entries(watched)) {
    const field = themeSchema.shape[key as keyof Theme];
    const parsed = field?.safeParse(value);
    if (parsed?.success) theme[key] = parsed.data;
  }
  return theme as Theme;
}

const TABS = [
  {
    label: 'Colores',
    content: (
      <div className="space-y-3">
        <ThemeSection title="Fondo" defaultOpen>
          <ColorField name="backgroundColor" label="Color de fondo" hint="Un color o un degradado." wide />
          <ImageUrlField />
          <GradientBuilder />
        </ThemeSection>
        <ThemeSection title="Colores de la marca">
          <ColorField name="headerColor" label="Color del encabezado" hint="El título de la trivia sobre el fondo." />
          <ColorField name="primaryColor" label="Color primario" />
          <ColorField name="secondaryColor" label="Color secundario" />
          <ColorField name="accentColor" label="Color de acento" />
        </ThemeSection>
        <ThemeSection title="Progreso y resultados">
          <ColorField name="progressBarColor" label="Barra de progreso" />
          <ColorField name="correctAnswerColor" label="Respuesta correcta" />
          <ColorField name="incorrectAnswerColor" label="Respuesta incorrecta" />
        </ThemeSection>
      </div>
    ),
  },
  {
    label: 'Tipografía',
    content: (
      <div className="space-y-3">
        <ThemeSection title="Fuentes" defaultOpen>
          <ChoiceField name="fontFamily" label="Fuente principal" options={THEME_OPTIONS.fontFamily} />
          <ChoiceField name="headingFontFamily" label="Fuente de títulos" options={THEME_OPTIONS.headingFontFamily} />
        </ThemeSection>
        <ThemeSection title="Tamaños">
          <ChoiceField name="baseFontSize" label="Tamaño base" options={THEME_OPTIONS.baseFontSize} />
          <ChoiceField name="headingFontSize" label="Tamaño de títulos" options={THEME_OPTIONS.headingFontSize} />
          <ChoiceField name="questionFontSize" label="Tamaño de la pregunta" options={THEME_OPTIONS.questionFontSize} />
          <ChoiceField name="questionFontWeight" label="Grosor de la pregunta" options={THEME_OPTIONS.questionFontWeight} />
        </ThemeSection>
      </div>
    ),
  },
  {
    label: 'Contenedores',
    content: (
      <div className="space-y-3">
        <ThemeSection title="Tarjeta principal" defaultOpen>
          <ColorField name="containerBackgroundColor" label="Fondo del contenedor" />
          <ColorField
            name="cardHeadingColor"
            label="Títulos dentro de la tarjeta"
            placeholder="Automático"
            hint="Vacío: el color del encabezado si se lee sobre la tarjeta, si no uno legible."
          />
          <ColorField name="cardTextColor" label="Texto dentro de la tarjeta" placeholder="Automático" hint="Vacío: el texto de respuesta si se lee sobre la tarjeta, si no uno legible." />
          <ChoiceField name="containerBorderRadius" label="Redondeo" options={THEME_OPTIONS.containerBorderRadius} />
          <ChoiceField name="containerShadow" label="Sombra" options={THEME_OPTIONS.containerShadow} />
          <ChoiceField name="containerSpacing" label="Espaciado interno" options={THEME_OPTIONS.containerSpacing} />
        </ThemeSection>
        <ThemeSection title="Caja de la pregunta">
          <ColorField name="questionBackgroundColor" label="Fondo de la pregunta" />
          <ColorField name="questionTextColor" label="Texto de la pregunta" />
        </ThemeSection>
      </div>
    ),
  },
  {
    label: 'Elementos',
    content: (
      <div className="space-y-3">
        <ThemeSection title="Respuestas" defaultOpen>
          <ColorField name="answerBackgroundColor" label="Fondo de respuesta" />
          <ColorField name="answerHoverBackgroundColor" label="Fondo al pasar el cursor" />
          <ColorField name="answerSelectedBackgroundColor" label="Fondo de la seleccionada" />
          <ColorField name="answerTextColor" label="Texto de respuesta" />
          <ChoiceField name="answerBorderRadius" label="Redondeo" options={THEME_OPTIONS.answerBorderRadius} />
          <ChoiceField name="answerPadding" label="Relleno" options={THEME_OPTIONS.answerPadding} />
          <ChoiceField name="answerMargin" label="Separación" options={THEME_OPTIONS.answerMargin} />
        </ThemeSection>
        <ThemeSection title="Botones">
          <ColorField name="buttonBackgroundColor" label="Fondo del botón" />
          <ColorField name="buttonHoverBackgroundColor" label="Fondo al pasar el cursor" />
          <ColorField name="buttonTextColor" label="Texto del botón" />
          <ChoiceField name="buttonBorderRadius" label="Redondeo" options={THEME_OPTIONS.buttonBorderRadius} />
        </ThemeSection>
      </div>
    ),
  },
  {
    label: 'Animaciones',
    content: (
      <div className="space-y-3">
        <ThemeSection title="Transiciones" defaultOpen>
          <ChoiceField name="animationStyle" label="Estilo de animación" options={THEME_OPTIONS.animationStyle} />
          <ChoiceField name="transitionSpeed" label="Velocidad de transición" options={THEME_OPTIONS.transitionSpeed} />
        </ThemeSection>
      </div>
    ),
  },
];
