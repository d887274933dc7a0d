import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayBundle, PollVote } from '../../contract';
import {
  answer,
  CHANGED_TRIVIA_MESSAGE,
  EmptyRoundError,
  finishCurrentRound,
  finishRound,
  identify,
  leaveRound,
  lostKioskSetting,
  registerNewPlayer,
  resumeRound,
  RoundRefusedError,
  serverResultOf,
  startRound,
  type AttemptResult,
  type ChosenAnswer,
  type InProgressAttempt,
  type PlayerRef,
} from '../offline';
import { setBetweenAttempts } from '../pwa/service-worker';
import { KIOSK_DATA_LOST, KIOSK_IDLE_DEFAULT_SECONDS } from '../../contract/kiosk-values';
import { ATTEMPT_LIMIT_MESSAGE } from '../../contract/play-rules';
import { useAnnounce } from './announcer';
import { useIdleCountdown, useKioskConfig } from './kiosk-mode';
import { noticeText, type Notice } from './notice';
import { onStaffPanelClosed, useStaffSession } from './staff-panel-state';
import { useSubscription } from './use-subscription';

type Step =
  | { name: 'resuming' }
  | { name: 'attract' }
  /** No round in progress when the page opened: the attract screen on a kiosk, the document step on a phone. */
  | { name: 'start' }
  | { name: 'document' }
  | { name: 'register'; documentTypeId: number; documentNumber: string; hash: string; prefillName?: string }
  /** `pollVotes`: the votes of a start that failed, so its polls are not asked again. */
  | { name: 'instructions'; player: PlayerRef; pollVotes?: PollVote[] }
  | { name: 'preparing' }
  | { name: 'question'; state: InProgressAttempt }
  | { name: 'done'; result: AttemptResult };

/** The notice's title when the document belongs to a player of another company: they choose their current site. */
export const OTHER_COMPANY_TITLE = 'Jugador encontrado en otra empresa';
/** What the screen confirms when staff switch kiosk mode off (the badge's switch or the staff panel). */
export const KIOSK_MODE_OFF_NOTICE: Notice = { title: 'Modo kiosco desactivado', description: 'Esta pantalla funciona ahora como la de cualquier jugador.', tone: 'info' };

/** What a tablet that was the kiosk `name` shows once its browser lost its data. */
export const kioskDataLostNotice = (name: string): Notice => ({
  title: KIOSK_DATA_LOST,
  description: `Esta tableta era el kiosco «${name}» y su navegador borró sus datos: lo que no había enviado se perdió. Pide al personal que la configure de nuevo; en «Dispositivos» está lo que el servidor recibió de ella.`,
  tone: 'error',
});

/** The words of an error for the player: the server's or the device's own message (both Spanish). */
function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The player steps' state machine on top of the device's outbox (web/offline): the step on screen,
 * the notice above it, the kiosk's idle countdown, the result the server stored, and the handlers
 * that move from one step to the next.
 */
export function usePlayerSteps(bundle: PlayBundle, kioskMode: boolean) {
  const groupId = bundle.group.id;
  const [step, setStep] = useState<Step>({ name: 'resuming' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const announce = useAnnounce();

  const show = useCallback(
    (next: Notice | null) => {
      setNotice(next);
      if (next) announce(noticeText(next));
    },
    [announce],
  );

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
      else {
        if (resumption.kind === 'discarded' && resumption.reason === 'changed') show({ title: CHANGED_TRIVIA_MESSAGE, tone: 'info' });
        setStep({ name: 'start' });
      }
    });
  }, [bundle, finish, show]);

  // A kiosk whose browser came back without its data says so until staff set it up again.
  useEffect(
    () =>
      lostKioskSetting().subscribe((lost) => {
        if (lost) show(kioskDataLostNotice(lost.name));
      }),
    [show],
  );

  // A new app version waits until the kiosk is between attempts.
  useEffect(() => {
    setBetweenAttempts(step.name === 'document' || step.name === 'start' || step.name === 'attract');
    return () => setBetweenAttempts(false);
  }, [step.name]);

  // A new start says nothing of the last player's round: the live region is emptied too, so a
  // screen reader's next visit to it does not find "Trivia completada…" on the attract screen.
  const restart = useCallback(() => {
    setNotice(null);
    announce('');
    setStep({ name: 'document' });
  }, [announce]);

  // Kiosk mode switched off while this screen is up: it says so, and the next render is the
  // player's screen (the attract screen renders the document step once kiosk mode is off).
  const wasKiosk = useRef(kioskMode);
  useEffect(() => {
    if (wasKiosk.current && !kioskMode) show(KIOSK_MODE_OFF_NOTICE);
    wasKiosk.current = kioskMode;
  }, [kioskMode, show]);
  // In kiosk mode any step left unattended counts down ("¿Sigues ahí?"), then gives up the round
  // (its attempt stays on the server uncompleted, never ranked) and shows the attract screen.
  const kioskConfig = useKioskConfig();
  const idleMs = (kioskConfig?.idleSeconds ?? KIOSK_IDLE_DEFAULT_SECONDS) * 1_000;
  // The live region is emptied with the step's change, not before the round is left: until then the
  // result screen is still up, and a re-render of it may speak its result again.
  const giveUp = useCallback(() => {
    setNotice(null);
    void leaveRound(groupId).then(() => {
      announce('');
      setStep({ name: 'attract' });
    });
  }, [groupId, announce]);
  // Staff at work in their panel are not an idle player; closing it leaves the kiosk on its attract screen.
  const staffAtWork = useStaffSession() !== null;
  useEffect(() => onStaffPanelClosed((toAttract) => toAttract && giveUp()), [giveUp]);
  const watchIdle =
    kioskMode &&
    !staffAtWork &&
    kioskConfig !== undefined &&
    step.name !== 'attract' &&
    step.name !== 'start' &&
    step.name !== 'resuming' &&
    step.name !== 'preparing';
  const idleSecondsLeft = useIdleCountdown(watchIdle, idleMs, giveUp);

  // The result the server stored for the round just finished: a round played without verdicts shows it when it arrives.
  const finished = step.name === 'done' ? step.result.attemptClientId : null;
  const fromServer = useSubscription(() => serverResultOf(finished ?? ''), [finished], undefined);

  const onDocument = async (input: { documentTypeId: number; documentNumber: string }) => {
    setNotice(null);
    try {
      const outcome = await identify(bundle, input);
      if (outcome.kind === 'limit') {
        show({ title: ATTEMPT_LIMIT_MESSAGE, description: outcome.message, tone: 'error' });
      } else if (outcome.kind === 'known') {
        setStep({ name: 'instructions', player: outcome.player });
      } else if (outcome.kind === 'new') {
        setStep({ name: 'register', ...input, hash: outcome.hash });
      } else {
        show({ title: OTHER_COMPANY_TITLE, description: 'Por favor, selecciona tu sede actual para continuar.', tone: 'info' });
        setStep({ name: 'register', ...input, hash: outcome.hash, prefillName: outcome.fullName });
      }
    } catch (error) {
      show({ title: 'Error', description: errorText(error, 'No se pudo validar el documento.'), tone: 'error' });
    }
  };

  const onRegister = async (values: { fullName: string; locationId: number; consent?: { version: number; at: string } }) => {
    if (step.name !== 'register') return;
    setNotice(null);
    try {
      const player = await registerNewPlayer({ ...values, documentTypeId: step.documentTypeId, documentNumber: step.documentNumber, hash: step.hash });
      setStep({ name: 'instructions', player });
    } catch (error) {
      console.error(error);
      show({ title: 'Error', description: 'No se pudo registrar al jugador.', tone: 'error' });
    }
  };

  const onStart = async (player: PlayerRef, extraTime = false, pollVotes: PollVote[] = []) => {
    setNotice(null);
    setStep({ name: 'preparing' });
    try {
      const state = await startRound(player, bundle, extraTime, pollVotes);
      setStep({ name: 'question', state });
    } catch (error) {
      if (error instanceof RoundRefusedError) {
        show({ title: ATTEMPT_LIMIT_MESSAGE, description: error.message, tone: 'error' });
      } else if (!(error instanceof EmptyRoundError)) {
        console.error(error);
        show({ title: 'Error', description: 'No se pudo iniciar el intento.', tone: 'error' });
      }
      setStep({ name: 'instructions', player, pollVotes });
    }
  };

  const onLeave = async () => {
    await leaveRound(groupId);
    restart();
  };

  const onAnswer = async (chosen: ChosenAnswer) => {
    if (step.name !== 'question') return undefined;
    const { verdict, state: next } = await answer(bundle, step.state, chosen);
    if (next) setStep((current) => (current.name === 'question' ? { name: 'question', state: next } : current));
    return verdict;
  };

  // Read from the device, not from this render: the last answer was stored after it.
  const onQuestionsDone = async () => {
    const result = await finishCurrentRound(bundle);
    if (result) setStep({ name: 'done', result });
  };

  const back = () => {
    setNotice(null);
    setStep({ name: 'document' });
  };

  return { step, notice, setNotice, idleSecondsLeft, fromServer, restart, back, onDocument, onRegister, onStart, onLeave, onAnswer, onQuestionsDone };
}
