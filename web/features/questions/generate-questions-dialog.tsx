import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Sparkles } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { generateQuestionsSchema, type GenerateQuestionsInput } from '../../../contract';
import { FormDialog } from '../../components/ui/form-dialog';
import { TextArea } from '../../components/ui/form-controls';
import { Spinner } from '../../components/ui/spinner';
import { useGenerateQuestions } from './api/generate-questions';
import { useAiStatus } from './api/get-ai-status';
import { QuestionCountInput } from './question-count-input';
import { QuestionKindField } from './question-kind-field';

/** 'Generar Preguntas con IA': a context, a count and their kind; the new questions land in the trivia. */
export function GenerateQuestionsDialog({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const status = useAiStatus(true);
  const generate = useGenerateQuestions(groupId);
  const form = useForm<GenerateQuestionsInput>({
    resolver: zodResolver(generateQuestionsSchema),
    defaultValues: { context: '', numQuestions: 5, kind: 'choice' },
  });
  const notConfigured = status.data?.configured === false;
  const working = generate.isPending;
  const onSubmit = form.handleSubmit((input) => generate.mutate({ groupId, input }, { onSuccess: onClose }));

  return (
    <FormDialog
      // The request keeps going on the server; closing mid-way would hide its outcome.
      holdWhilePending
      onClose={onClose}
      title="Generar Preguntas con IA"
      description="Describe el tema y la IA escribirá las preguntas con sus respuestas, marcando la correcta."
      size="lg"
      formId="generate-form"
      onSubmit={onSubmit}
      formClassName="space-y-5"
      submitLabel={working ? 'Generando...' : 'Generar Preguntas'}
      submitIcon={<Sparkles className="size-4" aria-hidden />}
      submitDisabled={notConfigured || status.isPending}
      pending={working}
      notice={
        notConfigured && (
          <div role="alert" className="mb-4 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
            <p>
              <strong className="block">La generación con IA no está configurada.</strong>
              Quien administra el servidor debe definir la clave OPENAI_API_KEY. Mientras tanto puedes crear las preguntas a mano.
            </p>
          </div>
        )
      }
    >
      <TextArea
        label="Contexto"
        rows={7}
        placeholder="Por ejemplo: historia de la empresa, sus productos y servicios, datos curiosos del sector…"
        disabled={working || notConfigured}
        error={form.formState.errors.context?.message}
        {...form.register('context')}
      />
      <Controller
        control={form.control}
        name="numQuestions"
        render={({ field }) => <QuestionCountInput value={field.value ?? 5} onChange={field.onChange} disabled={working || notConfigured} />}
      />
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => <QuestionKindField kind={field.value ?? 'choice'} onChange={field.onChange} disabled={working || notConfigured} />}
      />
      {working && (
        <div className="rounded-xl bg-brand-50 p-4 text-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
          <Spinner className="size-5" label="Generando preguntas con IA... Esto puede tardar hasta un minuto." />
        </div>
      )}
    </FormDialog>
  );
}
