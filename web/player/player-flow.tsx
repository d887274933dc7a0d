import type { PlayBundle } from '../../contract';
import { noteQuestionShown, playableClocks, playableCount } from '../offline';
import { Announcer } from './announcer';
import { NoticeArea } from './notice';
import { AttractStep } from './steps/attract-step';
import { CompletionStep, RankingPointer } from './steps/completion-step';
import { DocumentStep } from './steps/document-step';
import { InstructionsStep } from './steps/instructions-step';
import { OtherTabStep } from './steps/other-tab-step';
import { PollSequence } from './steps/poll-sequence';
import { QuestionStep } from './steps/question-step';
import { RegistrationStep } from './steps/registration-step';
import { PlayerSpinner } from './ui/spinner';
import { useKioskParts } from './use-kiosk-parts';
import { usePlayerSteps } from './use-player-steps';
import { usePlayLock } from './use-play-lock';

/**
 * The document step's height on a phone and from the `sm` width on (default text size): what
 * stands in for it while the screen loads (the loading card, web/play.html's copy of it, "Cargando…")
 * keeps that height, so the centred card does not move the title when the form arrives.
 */
export const DOCUMENT_STEP_HEIGHT = 'min-h-[20.8rem] sm:min-h-[19.6rem]';

/**
 * The player screen's content: one tab of the device plays a trivia at a time (the others say so
 * and offer to take over), and every step speaks through one live region.
 */
export function PlayerFlow({ bundle, animation, kioskMode }: { bundle: PlayBundle; animation: string; kioskMode: boolean }) {
  const lock = usePlayLock(bundle.group.id);
  return (
    <Announcer>
      {lock.state === 'held' ? (
        <PlayerSteps bundle={bundle} animation={animation} kioskMode={kioskMode} />
      ) : lock.state === 'checking' ? (
        <Preparing label="Cargando…" />
      ) : (
        <OtherTabStep free={lock.state === 'free'} onTakeOver={lock.takeOver} />
      )}
    </Announcer>
  );
}

/** The player steps (document, registration, polls and instructions, questions, result): the step on screen picks its view (usePlayerSteps moves between them). */
function PlayerSteps({ bundle, animation, kioskMode }: { bundle: PlayBundle; animation: string; kioskMode: boolean }) {
  const { step, notice, setNotice, idleSecondsLeft, fromServer, restart, back, onDocument, onRegister, onStart, onLeave, onAnswer, onQuestionsDone } = usePlayerSteps(
    bundle,
    kioskMode,
  );
  const kiosk = useKioskParts(kioskMode);

  return (
    <>
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} />
      {renderStep()}
      {idleSecondsLeft !== null && kiosk && <kiosk.IdleCountdown secondsLeft={idleSecondsLeft} />}
    </>
  );

  // A plain function, not a component: a component declared here would remount every step on each render.
  function renderStep() {
    switch (step.name) {
      case 'resuming':
        return <Preparing label="Cargando…" />;
      // The attract screen is a kiosk's: with kiosk mode off (staff just left it) it is the document step.
      case 'attract':
      case 'start':
        return kioskMode ? <AttractStep triviaName={bundle.group.name} onPlay={restart} /> : <DocumentStep documentTypes={bundle.documentTypes} onSubmit={onDocument} />;
      case 'document':
        return <DocumentStep documentTypes={bundle.documentTypes} onSubmit={onDocument} />;
      case 'register':
        return (
          <RegistrationStep
            documentType={bundle.documentTypes.find((t) => t.id === step.documentTypeId)}
            documentNumber={step.documentNumber}
            prefillName={step.prefillName}
            locations={bundle.locations.filter((l) => l.companyId === bundle.group.companyId)}
            consent={bundle.consent}
            onSubmit={onRegister}
            onBack={back}
          />
        );
      case 'instructions':
        return (
          <PollSequence key={step.player.hash} bundle={bundle} answered={step.pollVotes}>
            {(pollVotes) => (
              <InstructionsStep
                playerName={step.player.fullName}
                instructions={bundle.group.instructions}
                hasQuestions={playableCount(bundle) > 0}
                clocks={playableClocks(bundle)}
                onStart={(extraTime) => void onStart(step.player, extraTime, pollVotes)}
                onBack={back}
              />
            )}
          </PollSequence>
        );
      case 'preparing':
        return <Preparing label="Preparando preguntas" />;
      case 'question':
        return (
          <QuestionStep
            bundle={bundle}
            state={step.state}
            animation={animation}
            onAnswer={onAnswer}
            onFinished={() => void onQuestionsDone()}
            onLeave={onLeave}
            onShown={(questionId) => void noteQuestionShown(bundle.group.id, questionId)}
          />
        );
      case 'done':
        // A kiosk never leaves the player screen: its completion redirect is skipped.
        return (
          <CompletionStep
            result={step.result}
            fromServer={fromServer}
            redirectUrl={kioskMode ? null : bundle.group.completionRedirectUrl}
            ranking={(campaigns) => <RankingPointer groupId={bundle.group.id} campaigns={campaigns} kioskQr={kioskMode ? (kiosk?.RankingQr ?? null) : false} />}
            onRestart={restart}
          />
        );
    }
  }
}

function Preparing({ label }: { label: string }) {
  return (
    <div className={`flex flex-col items-center justify-center gap-4 py-12 text-center ${DOCUMENT_STEP_HEIGHT}`}>
      <PlayerSpinner className="size-10" />
      <p className="player-heading !text-xl">{label}</p>
    </div>
  );
}
