import { ArrowLeft, BarChart3, Copy, FileUp, Palette, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isPoll, type Answer, type Question } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { GenerateQuestionsDialog } from './generate-questions-dialog';
import { ThemeEditorDialog } from '../../shared/theme/theme-editor-dialog';
import { useDeleteQuestion } from './api/delete-question';
import { useAllAnswers } from './api/get-all-answers';
import { usePollResults } from './api/get-poll-results';
import { useTriviaAnalysis } from '../../shared/insights/api/get-trivia-analysis';
import { useQuestionGroup } from '../../shared/questions/api/get-question-group';
import { useQuestions } from './api/get-questions';
import { QuestionCard } from './question-card';
import { QuestionDialog } from './question-dialog';
import { KioskSetupButton } from '../../shared/kiosks/kiosk-setup-button';
import { EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { ExportQuestionsMenu } from './import/export-questions-menu';
import { ImportQuestionsDialog } from './import/import-questions-dialog';
import { CopyTriviaDialog } from '../../shared/trivia-copy/copy-trivia-dialog';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { ResultsLink } from '../../shared/moderation/results-link';
import { RoleRefusal } from '../../shared/auth/role-refusal';
import { useCan } from '../../shared/auth/use-can';
import { isMissing, MissingObject } from '../../shared/missing/missing-object';

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'question'; editing?: { question: Question; answers: Answer[] } }
  | { kind: 'ai' }
  | { kind: 'theme' }
  | { kind: 'import' }
  | { kind: 'copy' }
  | { kind: 'delete'; question: Question };

/**
 * /packages/:groupId/questions: the questions of one trivia, with create, edit, delete, AI and
 * theme, for the roles that edit the trivia's company's content (the questions carry the answer
 * key); any other role is told so, and a trivia beyond the user's reach is missing.
 */
export function QuestionsPage({ params }: { params: Record<string, string | undefined> }) {
  const groupId = Number(params.groupId);
  const validId = Number.isInteger(groupId) && groupId > 0;
  const group = useQuestionGroup(groupId, validId);
  const { can, reaches } = useCan();
  // The trivia's own read is public (the player screen's): its company says whether this user may go on.
  const companyId = group.data?.companyId;
  const edits = can('content.edit', companyId);
  const questions = useQuestions(groupId, validId && edits);
  const answers = useAllAnswers(groupId, validId && edits);
  const deleteQuestion = useDeleteQuestion(groupId);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  // Each question's share right beside it, read from the kept analysis (one read, whatever the rounds).
  // A trivia nobody has played yet shows none: there is nothing to say about its questions.
  const analysis = useTriviaAnalysis(groupId, {}, validId && edits && can('analysis.view', companyId));
  const insightOf = (questionId: number) =>
    analysis.data?.rounds === 0 ? undefined : { analysis: analysis.data?.questions.find((q) => q.questionId === questionId), failed: analysis.isError };
  // A poll is never in a round: its votes stand where a question's share right would.
  const hasPolls = questions.data?.some(isPoll) ?? false;
  const polls = usePollResults(groupId, validId && edits && hasPolls);
  const close = () => setDialog({ kind: 'none' });
  const held = useHeldTrivias(validId && edits);

  if ((validId && group.isError && isMissing(group.error)) || (companyId !== undefined && !reaches(companyId))) {
    return <MissingObject kind="trivia" id={groupId} back={{ to: '/packages', label: 'Ir a las trivias' }} />;
  }
  if (group.isPending && validId) return <LoadingState label="Cargando trivia..." />;
  if (companyId !== undefined && !edits) return <RoleRefusal what="Preguntas de la trivia" />;
  if (!validId || group.isError) {
    return (
      <ErrorState title="No se pudo abrir la trivia" message={validId ? errorText(group.error) : 'El enlace no es válido.'}>
        <Link to="/packages" className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
          Volver a Trivias
        </Link>
      </ErrorState>
    );
  }

  return (
    <div>
      <Link to="/packages" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400">
        <ArrowLeft className="size-4" aria-hidden />
        Trivias
      </Link>
      <PageHeader
        title={group.data?.name ?? 'Preguntas'}
        description={group.data?.description ?? undefined}
        actions={
          <>
            <Button onClick={() => setDialog({ kind: 'question' })} icon={<Plus className="size-4" aria-hidden />}>
              Crear Pregunta
            </Button>
            <Button variant="secondary" disabled={!group.data} onClick={() => setDialog({ kind: 'theme' })} icon={<Palette className="size-4" aria-hidden />}>
              Personalizar Tema
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'ai' })} icon={<Sparkles className="size-4" aria-hidden />}>
              Generar con IA
            </Button>
            {group.data && can('devices.manage', companyId) && (
              <EventTimeZone companyId={group.data.companyId}>
                <KioskSetupButton groupId={group.data.id} groupName={group.data.name} />
              </EventTimeZone>
            )}
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })} icon={<FileUp className="size-4" aria-hidden />}>
              Importar preguntas
            </Button>
            <ExportQuestionsMenu groupId={groupId} />
            <Button variant="secondary" disabled={!group.data} onClick={() => setDialog({ kind: 'copy' })} icon={<Copy className="size-4" aria-hidden />}>
              Duplicar
            </Button>
            {can('analysis.view', companyId) && (
              <ButtonLink variant="secondary" to={`/packages/${groupId}/analysis`} icon={<BarChart3 className="size-4" aria-hidden />}>
                Análisis
              </ButtonLink>
            )}
            <ResultsLink subject={{ kind: 'trivia', id: groupId }} inReview={held.countOf(groupId)} />
          </>
        }
      />

      {questions.isPending ? (
        <LoadingState label="Cargando preguntas..." />
      ) : questions.isError ? (
        <ErrorState title="Error al cargar las preguntas" message={errorText(questions.error)} />
      ) : questions.data.length === 0 ? (
        <EmptyState title="No hay preguntas en esta trivia. ¡Crea una nueva!">
          <Button size="sm" onClick={() => setDialog({ kind: 'question' })} icon={<Plus className="size-4" aria-hidden />}>
            Crear Pregunta
          </Button>
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {questions.data.map((question, index) => {
            // Until this question's answers are here (first load, or a refetch after it was created),
            // the card shows them loading and cannot be edited: the dialog would start blank and
            // saving it would replace the real answers.
            const questionAnswers = answers.data?.[question.id] ?? (answers.isFetching || answers.isError ? undefined : []);
            return (
              <QuestionCard
                key={question.id}
                number={index + 1}
                question={question}
                insight={isPoll(question) ? undefined : insightOf(question.id)}
                poll={isPoll(question) ? { result: polls.data?.polls.find((p) => p.questionId === question.id), failed: polls.isError } : undefined}
                answers={questionAnswers}
                answersError={answers.isError && !questionAnswers ? errorText(answers.error) : undefined}
                onEdit={() => questionAnswers && setDialog({ kind: 'question', editing: { question, answers: questionAnswers } })}
                onDelete={() => setDialog({ kind: 'delete', question })}
              />
            );
          })}
        </div>
      )}

      {dialog.kind === 'question' && (
        <EventTimeZone companyId={group.data?.companyId}>
          <QuestionDialog groupId={groupId} triviaSeconds={group.data?.questionSeconds ?? null} question={dialog.editing} onClose={close} />
        </EventTimeZone>
      )}
      {dialog.kind === 'ai' && <GenerateQuestionsDialog groupId={groupId} onClose={close} />}
      {dialog.kind === 'import' && <ImportQuestionsDialog groupId={groupId} onClose={close} />}
      {dialog.kind === 'copy' && group.data && <CopyTriviaDialog group={group.data} onClose={close} />}
      {group.data && (
        <ThemeEditorDialog
          groupId={groupId}
          groupName={group.data.name}
          open={dialog.kind === 'theme'}
          onClose={close}
          successTitle="Tema actualizado correctamente"
        />
      )}
      <ConfirmDelete
        target={dialog.kind === 'delete' ? dialog.question : null}
        title="¿Eliminar esta pregunta?"
        message={(question) => (
          <>
            <p className="font-medium">«{question.text}»</p>
            <p className="mt-2">Se eliminarán también todas sus respuestas. Esta acción no se puede deshacer.</p>
          </>
        )}
        mutation={deleteQuestion}
        variables={(question) => question.id}
        stayOpenOnError
        onClose={close}
      />
    </div>
  );
}
