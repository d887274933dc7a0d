import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_ANSWER_POINTS, questionGroupSchema, SCORING_LABELS, SCORINGS, type Company, type QuestionGroup } from '../../../../contract';
import { ClockSecondsSelect, clockSecondsValue } from '../../../components/clock-seconds-select';
import { PublicNamesSelect } from '../../../components/public-names-select';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextInput } from '../../../components/ui/field';
import { Checkbox, SelectInput, TextArea } from '../../../components/ui/form-controls';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../lib/toast-store';
import { LogoUpload } from '../../../shared/logos/components/logo-upload';
import { companyGroupsKey } from '../../../shared/question-groups/api/get-company-groups';
import { useSaveGroup } from '../api/save-group';

/** The formatted-text editor (TipTap) loads with this dialog, never with the admin's first page. */
const InstructionsEditor = lazy(() => import('./instructions-editor'));
const INSTRUCTIONS_HINT = 'Negrita, cursiva, títulos, listas y enlaces. Si lo dejas vacío se muestran las reglas por defecto.';
const POINTS_NEED_CLOCK = 'Para puntuar por puntos, elige antes un tiempo por pregunta.';
const POINTS_HINT = `Con puntos, cada acierto vale de ${MAX_ANSWER_POINTS} (al instante) a ${MAX_ANSWER_POINTS / 2} (al agotarse el tiempo). No se puede cambiar cuando la trivia ya tiene resultados.`;

type FormInput = z.input<typeof questionGroupSchema>;
type FormOutput = z.output<typeof questionGroupSchema>;

const TAB_OF_FIELD: Record<string, string> = {
  questionsPerRound: 'Configuración',
  maxAttempts: 'Configuración',
  questionSeconds: 'Configuración',
  scoring: 'Configuración',
  publicNames: 'Configuración',
  completionRedirectUrl: 'Configuración',
  randomizeQuestions: 'Opciones',
  randomizeAnswers: 'Opciones',
};

function initialValues(group: QuestionGroup | null, companyId: number): FormInput {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    instructions: group?.instructions ?? '',
    companyId: group?.companyId ?? companyId,
    questionsPerRound: group?.questionsPerRound ?? 5,
    maxAttempts: group?.maxAttempts ?? 0,
    questionSeconds: group?.questionSeconds ?? null,
    scoring: group?.scoring ?? 'percent',
    publicNames: group?.publicNames ?? 'full',
    completionRedirectUrl: group?.completionRedirectUrl ?? '',
    randomizeQuestions: group?.randomizeQuestions ?? true,
    randomizeAnswers: group?.randomizeAnswers ?? true,
  };
}

export interface GroupFormDialogProps {
  group: QuestionGroup | null;
  companyId: number;
  companies: Company[];
  onClose: () => void;
}

/** Create or edit a trivia: tabs General, Configuración, Opciones and (editing) Personalizar. Mounted while open. */
export function GroupFormDialog({ group, companyId, companies, onClose }: GroupFormDialogProps) {
  const queryClient = useQueryClient();
  const save = useSaveGroup();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(questionGroupSchema), defaultValues: initialValues(group, companyId) });
  const { errors } = form.formState;
  // Fields sit on different tabs: the summary says which tab to open for each problem.
  const messages = Object.entries(errors).map(([field, error]) => `${TAB_OF_FIELD[field] ?? 'General'}: ${error?.message ?? ''}`);

  const timed = useWatch({ control: form.control, name: 'questionSeconds' }) != null;
  const submit = form.handleSubmit((input) => {
    if (input.scoring === 'points' && input.questionSeconds === null) {
      form.setError('scoring', { message: POINTS_NEED_CLOCK });
      return;
    }
    save.mutate(
      { id: group?.id, input: { ...input, completionRedirectUrl: input.completionRedirectUrl ?? '' } },
      {
        onSuccess: () => {
          toast({ title: group ? 'Trivia actualizada correctamente' : 'Trivia creada correctamente', variant: 'success' });
          onClose();
        },
      },
    );
  });

  const companyOptions = companies.map((company) => (
    <option key={company.id} value={company.id}>
      {company.name}
    </option>
  ));

  const general = (
    <div className="space-y-4">
      {group ? (
        // A trivia stays with its company; a disabled field is left out of the form's values, so the
        // company id comes from the defaults instead of this select.
        <SelectInput label="Empresa" disabled value={group.companyId} onChange={() => undefined}>
          {companyOptions}
        </SelectInput>
      ) : (
        <SelectInput label="Empresa" error={errors.companyId?.message} {...form.register('companyId', { valueAsNumber: true })}>
          {companyOptions}
        </SelectInput>
      )}
      <TextInput label="Nombre" error={errors.name?.message} {...form.register('name')} />
      <TextArea label="Descripción" error={errors.description?.message} {...form.register('description')} />
      <Controller
        control={form.control}
        name="instructions"
        render={({ field }) => (
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">Cargando el editor de instrucciones…</p>}>
            <InstructionsEditor label="Instrucciones" hint={INSTRUCTIONS_HINT} error={errors.instructions?.message} value={field.value ?? ''} onChange={field.onChange} />
          </Suspense>
        )}
      />
    </div>
  );

  const settings = (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput label="Preguntas por ronda" type="number" min={1} inputMode="numeric" error={errors.questionsPerRound?.message} {...form.register('questionsPerRound', { valueAsNumber: true })} />
      <TextInput
        label="Intentos máximos"
        type="number"
        min={0}
        inputMode="numeric"
        hint="0 = sin límite"
        error={errors.maxAttempts?.message}
        {...form.register('maxAttempts', { valueAsNumber: true })}
      />
      <div className="sm:col-span-2">
        <ClockSecondsSelect
          label="Tiempo por pregunta"
          hint="Con tiempo, cada pregunta muestra una cuenta atrás; quien la deja correr no suma. El jugador puede pedir el doble antes de empezar."
          noneLabel="Sin límite de tiempo"
          current={group?.questionSeconds ?? null}
          error={errors.questionSeconds?.message}
          {...form.register('questionSeconds', { setValueAs: clockSecondsValue })}
        />
      </div>
      <div className="sm:col-span-2">
        <SelectInput label="Puntuación" hint={timed ? POINTS_HINT : POINTS_NEED_CLOCK} error={errors.scoring?.message} {...form.register('scoring')}>
          {SCORINGS.map((scoring) => (
            <option key={scoring} value={scoring} disabled={scoring === 'points' && !timed}>
              {SCORING_LABELS[scoring]}
            </option>
          ))}
        </SelectInput>
      </div>
      <div className="sm:col-span-2">
        <PublicNamesSelect error={errors.publicNames?.message} {...form.register('publicNames')} />
      </div>
      <div className="sm:col-span-2">
        <TextInput
          label="URL de redirección al terminar"
          type="url"
          placeholder="https://"
          hint="Opcional: el botón 'Terminar' lleva a esta dirección."
          error={errors.completionRedirectUrl?.message}
          {...form.register('completionRedirectUrl')}
        />
      </div>
    </div>
  );

  const options = (
    <div className="space-y-4">
      <Checkbox label="Preguntas aleatorias" hint="Mezcla el orden de las preguntas en cada ronda." {...form.register('randomizeQuestions')} />
      <Checkbox label="Respuestas aleatorias" hint="Mezcla el orden de las respuestas de cada pregunta." {...form.register('randomizeAnswers')} />
    </div>
  );

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={group ? 'Editar Trivia' : 'Crear Trivia'}
      formId="group-form"
      onSubmit={submit}
      submitLabel={group ? 'Guardar cambios' : 'Crear trivia'}
      pending={save.isPending}
    >
      <Tabs
        items={[
          { label: 'General', content: general },
          { label: 'Configuración', content: settings },
          { label: 'Opciones', content: options },
          {
            label: 'Personalizar',
            hidden: !group,
            content: group && (
              <LogoUpload
                label="Logo de la trivia"
                entityType="question-group"
                entityId={group.id}
                logoUrl={group.logoUrl}
                onChange={() => void queryClient.invalidateQueries({ queryKey: companyGroupsKey(group.companyId) })}
              />
            ),
          },
        ]}
      />
      {messages.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          Revisa los campos: {messages.join(' · ')}
        </div>
      )}
    </FormDialog>
  );
}
