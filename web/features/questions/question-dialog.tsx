import { useIsMutating } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { kindOf, kindsInterchangeable, QUESTION_KINDS, type Answer, type Question, type QuestionKind, type QuestionTextRevision } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { inputClass } from '../../components/ui/field';
import { TextArea } from '../../components/ui/form-controls';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { useQuestionRevisions } from './api/get-question-revisions';
import { useSaveQuestion, type QuestionWithAnswersValues } from './api/save-question';
import { pictureUploadKey } from './api/upload-picture';
import { ClockSecondsSelect, clockSecondsValue } from '../../components/clock-seconds-select';
import { PictureField } from './picture-field';
import { emptyAnswer, fieldIssues, initialValues, MAX_ANSWERS, MIN_ANSWERS, questionFormResolver, trueFalseAnswers, type AnswerFormValues, type QuestionFormValues } from './question-form';
import { QuestionKindField, TrueFalseAnswers } from './question-kind-field';

export interface QuestionDialogProps {
  groupId: number;
  /** The trivia's clock per question in seconds (null: none), said beside a question's own. */
  triviaSeconds: number | null;
  /** The question being edited with its answers, or undefined to create one. */
  question?: { question: Question; answers: Answer[] };
  onClose: () => void;
}

/**
 * Create or edit a question with its answers: at least 2, exactly one chosen as correct (one or more
 * on "Varias correctas", each a checkbox; none for a poll, which has no clock either); the question
 * and each answer may carry a picture with its alt text (saving waits for an upload). A saved
 * question is offered only the kinds it may become.
 */
export function QuestionDialog({ groupId, triviaSeconds, question, onClose }: QuestionDialogProps) {
  const save = useSaveQuestion(groupId);
  const form = useForm<QuestionFormValues, unknown, QuestionWithAnswersValues>({
    resolver: questionFormResolver,
    defaultValues: initialValues(groupId, question),
  });
  const uploading = useIsMutating({ mutationKey: pictureUploadKey(groupId) }) > 0;
  // The rows' React keys under their own name: `id` is the answer's, sent to the server.
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'answers', keyName: 'key' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // The choice answers set aside while the question is true/false, back if the organiser switches back.
  const setAside = useRef<AnswerFormValues[] | null>(null);
  const revisions = useQuestionRevisions(groupId, question?.question.id);
  const [confirming, setConfirming] = useState<{ values: QuestionWithAnswersValues; message: string } | null>(null);
  const answers = useWatch({ control: form.control, name: 'answers' });
  const { errors, isSubmitted } = form.formState;
  const answersError = errors.answers?.root?.message ?? errors.answers?.message;

  const poll = kind === 'poll';
  const kinds = question ? QUESTION_KINDS.filter((k) => kindsInterchangeable(kindOf(question.question), k)) : QUESTION_KINDS;

  const switchKind = (next: QuestionKind) => {
    if (next === kind) return;
    if (next === 'true_false') setAside.current = form.getValues('answers');
    const choices = kind === 'true_false' ? (setAside.current ?? [emptyAnswer(), emptyAnswer()]) : form.getValues('answers');
    // A poll's answers are none of them correct; from "Varias correctas" to one correct answer, the first stays marked.
    const firstCorrect = choices.findIndex((answer) => answer.isCorrect);
    const kept = next === 'poll' ? choices.map((answer) => ({ ...answer, isCorrect: false })) : next === 'choice' ? choices.map((answer, i) => ({ ...answer, isCorrect: i === firstCorrect })) : choices;
    replace(next === 'true_false' ? trueFalseAnswers() : kept);
    form.setValue('kind', next, { shouldDirty: true });
    if (isSubmitted) void form.trigger('answers');
  };

  const chooseCorrect = (index: number) => {
    fields.forEach((_, i) => form.setValue(`answers.${i}.isCorrect`, i === index, { shouldDirty: true }));
    if (isSubmitted) void form.trigger('answers');
  };
  // "Varias correctas": each answer marked correct or not on its own.
  const toggleCorrect = (index: number) => {
    form.setValue(`answers.${index}.isCorrect`, !form.getValues(`answers.${index}.isCorrect`), { shouldDirty: true });
    if (isSubmitted) void form.trigger('answers');
  };
  const multiple = kind === 'multiple';

  const submit = (values: QuestionWithAnswersValues) =>
    save.mutate(
      { id: question?.question.id, values },
      {
        onSuccess: (outcome) => {
          if ('saved' in outcome) onClose();
          else setConfirming({ values, message: outcome.confirmCorrectChange.message });
        },
        // A refusal naming a field (a picture no longer stored) shows at that field too.
        onError: (error) => fieldIssues(error).forEach(({ path, message }, index) => form.setError(path, { type: 'server', message }, { shouldFocus: index === 0 })),
      },
    );
  const onSubmit = form.handleSubmit((values) => !uploading && submit(values));

  return (
    <FormDialog
      onClose={onClose}
      title={question ? 'Editar Pregunta' : 'Crear Pregunta'}
      description={poll ? 'Escribe la pregunta de la encuesta y sus respuestas.' : multiple ? 'Escribe la pregunta y sus respuestas, y marca las correctas.' : 'Escribe la pregunta y sus respuestas, y marca la correcta.'}
      size="lg"
      formId="question-form"
      onSubmit={onSubmit}
      formClassName="space-y-5"
      submitLabel={question ? 'Guardar Cambios' : 'Crear Pregunta'}
      submitDisabled={uploading}
      pending={save.isPending}
    >
      <TextArea label="Pregunta" rows={3} autoFocus error={errors.text?.message} {...form.register('text')} />
      <Controller
        control={form.control}
        name="picture"
        render={({ field }) => (
          <PictureField
            groupId={groupId}
            label="Imagen (opcional)"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            altRef={field.ref}
            error={errors.picture?.message}
            altError={errors.picture?.alt?.message}
          />
        )}
      />
      {revisions.data && revisions.data.length > 0 && <TextRevisions revisions={revisions.data} />}
      <QuestionKindField kind={kind} onChange={switchKind} kinds={kinds} />
      {!poll && (
        <ClockSecondsSelect
          label="Tiempo de esta pregunta"
          noneLabel={triviaSeconds === null ? 'El de la trivia (sin límite)' : `El de la trivia (${triviaSeconds} segundos)`}
          current={question?.question.clockSeconds ?? null}
          error={errors.clockSeconds?.message}
          {...form.register('clockSeconds', { setValueAs: clockSecondsValue })}
        />
      )}
      {kind === 'true_false' ? (
        <TrueFalseAnswers correctIndex={answers?.findIndex((answer) => answer.isCorrect) ?? -1} onChoose={chooseCorrect} error={answersError} />
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Respuestas</legend>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {poll
              ? 'Una encuesta no tiene respuesta correcta: cada jugador ve cómo votaron los demás.'
              : multiple
                ? 'Marca con la casilla cada respuesta correcta (una o más): acierta quien las marca todas y ninguna otra.'
                : 'Selecciona con el círculo la única respuesta correcta.'}
          </p>
          <ol className="space-y-2">
            {fields.map((field, index) => {
              const answerErrors = errors.answers?.[index];
              const textError = answerErrors?.text?.message;
              const correct = !poll && (answers?.[index]?.isCorrect ?? false);
              return (
                <li key={field.key} className="space-y-1">
                  <div
                    className={`flex items-center gap-3 rounded-xl border p-2 pl-3 ${correct ? 'border-green-500 bg-green-50 dark:border-green-700 dark:bg-green-950/40' : 'border-slate-200 dark:border-slate-800'}`}
                  >
                    {!poll && (
                      <input
                        type={multiple ? 'checkbox' : 'radio'}
                        name="correct-answer"
                        aria-label={multiple ? `Respuesta ${index + 1} es correcta` : `Respuesta ${index + 1} es la correcta`}
                        checked={correct}
                        onChange={() => (multiple ? toggleCorrect(index) : chooseCorrect(index))}
                        className="size-4 shrink-0 accent-green-600"
                      />
                    )}
                    <input
                      aria-label={`Respuesta ${index + 1}`}
                      placeholder={`Respuesta ${index + 1}`}
                      aria-invalid={textError ? true : undefined}
                      className={inputClass}
                      {...form.register(`answers.${index}.text`)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Eliminar respuesta ${index + 1}`}
                      title={fields.length <= MIN_ANSWERS ? 'Debe haber al menos 2 respuestas' : undefined}
                      disabled={fields.length <= MIN_ANSWERS}
                      onClick={() => remove(index)}
                      icon={<Trash2 className="size-4" aria-hidden />}
                    />
                  </div>
                  {textError && (
                    <p role="alert" className={`${poll ? 'pl-3' : 'pl-10'} text-sm text-red-600 dark:text-red-400`}>
                      {textError}
                    </p>
                  )}
                  <div className={poll ? 'pl-3' : 'pl-10'}>
                    <Controller
                      control={form.control}
                      name={`answers.${index}.picture`}
                      render={({ field: picture }) => (
                        <PictureField
                          groupId={groupId}
                          label={`Imagen de la respuesta ${index + 1}`}
                          compact
                          value={picture.value}
                          onChange={picture.onChange}
                          onBlur={picture.onBlur}
                          altRef={picture.ref}
                          error={answerErrors?.picture?.message}
                          altError={answerErrors?.picture?.alt?.message}
                        />
                      )}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          {answersError && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {answersError}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={fields.length >= MAX_ANSWERS}
            onClick={() => append(emptyAnswer())}
            icon={<Plus className="size-4" aria-hidden />}
          >
            Agregar Respuesta
          </Button>
        </fieldset>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="¿Cambiar la respuesta correcta?"
        message={confirming?.message}
        confirmLabel="Cambiar la respuesta correcta"
        pending={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && submit({ ...confirming.values, confirmCorrectChange: true })}
      />
    </FormDialog>
  );
}

/** "Textos anteriores": what the question said before each edit, newest first, folded until asked for. */
function TextRevisions({ revisions }: { revisions: QuestionTextRevision[] }) {
  return (
    <details className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
      <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-200">
        Textos anteriores ({revisions.length})
      </summary>
      <ol className="mt-2 space-y-2">
        {revisions.map((revision, index) => (
          <li key={index} className="border-t border-slate-200 pt-2 dark:border-slate-800">
            <p className="break-words whitespace-pre-line">{revision.text}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Cambiado el <DateTime value={revision.replacedAt} />
              {revision.replacedBy ? ` por ${revision.replacedBy}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}
