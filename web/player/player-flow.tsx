import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../lib/api';
import { setBetweenAttempts } from '../lib/service-worker';
import { toast } from '../lib/toast-store';
import type { PlayBundle } from '../../contract';
import {
  answer,
  CHANGED_TRIVIA_MESSAGE,
  EmptyRoundError,
  finishCurrentRound,
  finishRound,
  identify,
  leaveRound,
  playableCount,
  registerNewPlayer,
  resumeRound,
  startRound,
  type AttemptResult,
  type ChosenAnswer,
  type InProgressAttempt,
  type PlayerRef,
} from '../offline';
import { useIdleReturn } from './kiosk-mode';
import { CompletionStep } from './steps/completion-step';
import { DocumentStep } from './steps/document-step';
import { InstructionsStep } from './steps/instructions-step';
import { QuestionStep } from './steps/question-step';
import { RegistrationStep } from './steps/registration-step';
import { Spinner } from '../components/ui/spinner';

type Step =
  | { name: 'resuming' }
  | { name: 'document'; notice?: string }
  | { name: 'register'; documentTypeId: number; documentNumber: string; hash: string; prefillName?: string }
  | { name: 'instructions'; player: PlayerRef }
  | { name: 'preparing' }
  | { name: 'question'; state: InProgressAttempt }
  | { name: 'done'; result: AttemptResult };

export const OTHER_COMPANY_TOAST_MS = 5000;
export const ATTEMPT_LIMIT_TOAST_MS = 8000;

/** The player steps (document, registration, instructions, questions, result), on top of the device's outbox (web/offline). */
export function PlayerFlow({ bundle, animation, kioskMode }: { bundle: PlayBundle; animation: string; kioskMode: boolean }) {
  const groupId = bundle.group.id;
  const [step, setStep] = useState<Step>({ name: 'resuming' });

  const finish = useCallback(
    async (state: InProgressAttempt) => {
      setStep({ name: 'done', result: await finishRound(bundle, state) });
    },
    [bundle],
  );

  // An attempt left half-way (reload, restart) continues where it was; one whose last answer was
  // stored before the reload is completed at once; a stale or no longer playable one is dropped.
  useEffect(() => {
    void resumeRound(bundle).then((resumption) => {
      if (resumption.kind === 'resume') setStep({ name: 'question', state: resumption.state });
      else if (resumption.kind === 'finish') void finish(resumption.state);
      else if (resumption.kind === 'discarded' && resumption.reason === 'changed') setStep({ name: 'document', notice: CHANGED_TRIVIA_MESSAGE });
      else setStep({ name: 'document' });
    });
  }, [bundle, finish]);

  // A new app version waits until the kiosk is between attempts.
  useEffect(() => {
    setBetweenAttempts(step.name === 'document');
    return () => setBetweenAttempts(false);
  }, [step.name]);

  const restart = useCallback(() => setStep({ name: 'document' }), []);
  // In kiosk mode an unattended result screen goes back to the start for the next person.
  useIdleReturn(kioskMode && step.name === 'done', restart);

  const onDocument = async (input: { documentTypeId: number; documentNumber: string }) => {
    try {
      const outcome = await identify(bundle, input);
      if (outcome.kind === 'limit') {
        toast({ title: 'Límite de intentos alcanzado', description: outcome.message, variant: 'destructive', duration: ATTEMPT_LIMIT_TOAST_MS });
      } else if (outcome.kind === 'known') {
        setStep({ name: 'instructions', player: outcome.player });
      } else if (outcome.kind === 'new') {
        setStep({ name: 'register', ...input, hash: outcome.hash });
      } else {
        toast({ title: 'Jugador encontrado en otra empresa', description: 'Por favor, selecciona tu sede actual para continuar.', duration: OTHER_COMPANY_TOAST_MS });
        setStep({ name: 'register', ...input, hash: outcome.hash, prefillName: outcome.fullName });
      }
    } catch (error) {
      toast({ title: 'Error', description: errorText(error) || 'Failed to validate document', variant: 'destructive' });
    }
  };

  const onRegister = async (values: { fullName: string; locationId: number }) => {
    if (step.name !== 'register') return;
    try {
      const player = await registerNewPlayer({ ...values, documentTypeId: step.documentTypeId, documentNumber: step.documentNumber, hash: step.hash });
      setStep({ name: 'instructions', player });
    } catch (error) {
      console.error(error);
      toast({ title: 'Error', description: 'Failed to register player', variant: 'destructive' });
    }
  };

  const onStart = async (player: PlayerRef) => {
    setStep({ name: 'preparing' });
    try {
      const state = await startRound(player, bundle);
      setStep({ name: 'question', state });
    } catch (error) {
      if (!(error instanceof EmptyRoundError)) {
        console.error(error);
        toast({ title: 'Error', description: 'Failed to create attempt', variant: 'destructive' });
      }
      setStep({ name: 'instructions', player });
    }
  };

  const onLeave = async () => {
    await leaveRound(groupId);
    setStep({ name: 'document' });
  };

  const onAnswer = async (chosen: ChosenAnswer) => {
    const next = await answer(groupId, chosen);
    if (next) setStep((current) => (current.name === 'question' ? { name: 'question', state: next } : current));
  };

  // Read from the device, not from this render: the last answer was stored after it.
  const onQuestionsDone = async () => {
    const result = await finishCurrentRound(bundle);
    if (result) setStep({ name: 'done', result });
  };

  switch (step.name) {
    case 'resuming':
      return <Preparing label="Cargando…" />;
    case 'document':
      return (
        <>
          {step.notice && (
            <p className="player-question mb-4 !text-base !font-medium" role="status">
              {step.notice}
            </p>
          )}
          <DocumentStep documentTypes={bundle.documentTypes} onSubmit={onDocument} />
        </>
      );
    case 'register':
      return (
        <RegistrationStep
          documentType={bundle.documentTypes.find((t) => t.id === step.documentTypeId)}
          documentNumber={step.documentNumber}
          prefillName={step.prefillName}
          locations={bundle.locations.filter((l) => l.companyId === bundle.group.companyId)}
          onSubmit={onRegister}
          onBack={() => setStep({ name: 'document' })}
        />
      );
    case 'instructions':
      return (
        <InstructionsStep
          playerName={step.player.fullName}
          instructions={bundle.group.instructions}
          hasQuestions={playableCount(bundle) > 0}
          onStart={() => void onStart(step.player)}
          onBack={() => setStep({ name: 'document' })}
        />
      );
    case 'preparing':
      return <Preparing label="Preparando preguntas" />;
    case 'question':
      return (
        <QuestionStep bundle={bundle} state={step.state} animation={animation} onAnswer={onAnswer} onFinished={() => void onQuestionsDone()} onLeave={onLeave} />
      );
    case 'done':
      return <CompletionStep result={step.result} redirectUrl={bundle.group.completionRedirectUrl} onRestart={restart} />;
  }
}

function Preparing({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center" role="status">
      <Spinner className="size-10" />
      <p className="player-heading !text-xl">{label}</p>
    </div>
  );
}
