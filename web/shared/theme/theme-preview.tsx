import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { judgeAgainstKey, type Theme } from '../../../contract';
import { CompletionStep, RankingPointer } from '../../player/steps/completion-step';
import { DocumentStep } from '../../player/steps/document-step';
import { QuestionStep } from '../../player/steps/question-step';
import { animationClass, themeStyle } from '../../player/theme-style';
import '../../player/player.css';
import './fonts';
import { PREVIEW_ATTEMPT, PREVIEW_CORRECT_ANSWER, PREVIEW_DOCUMENT_TYPES, PREVIEW_GROUP_NAME, PREVIEW_RESULT, previewBundle } from './preview-fixtures';

/** Widths the player is laid out at; a phone is also shown smaller so the editor's fields stay in sight. */
export const PREVIEW_DEVICES = [
  { id: 'phone', label: 'Teléfono', width: 390, height: 700, maxZoom: 0.75 },
  { id: 'tablet', label: 'Tableta', width: 1024, height: 640, maxZoom: 1 },
] as const;
export const PREVIEW_STEPS = [
  { id: 'document', label: 'Documento' },
  { id: 'question', label: 'Pregunta' },
  { id: 'result', label: 'Resultado' },
] as const;
type DeviceId = (typeof PREVIEW_DEVICES)[number]['id'];
type StepId = (typeof PREVIEW_STEPS)[number]['id'];

const noop = () => undefined;
const resolved = () => Promise.resolve();
// The preview's answer is judged with its own key, and the question keeps its feedback (keepFeedback) while the preview is open.
const judgedByPreview = (theme: Theme) => (chosen: { questionId: number; answerId: number | null }) =>
  Promise.resolve(judgeAgainstKey(previewBundle(theme).answers[chosen.questionId] ?? [], chosen));

/**
 * The real player screen (the same root, themeStyle() and step components the player uses) with
 * the theme being edited, at phone or tablet width scaled to the space it has. Nothing in it acts:
 * handlers are no-ops and the frame is inert.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const [device, setDevice] = useState<DeviceId>('phone');
  const [step, setStep] = useState<StepId>('document');
  const size = PREVIEW_DEVICES.find((d) => d.id === device)!;
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number>(size.width);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setAvailable(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const zoom = Math.min(size.maxZoom, available / size.width);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Segmented label="Dispositivo" options={PREVIEW_DEVICES} value={device} onChange={setDevice} />
        <Segmented label="Pantalla" options={PREVIEW_STEPS} value={step} onChange={setStep} />
      </div>
      <div ref={box} className="overflow-hidden rounded-xl border border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800">
        <div className="mx-auto" style={{ width: size.width, zoom }} data-testid="theme-preview-frame" data-device={device}>
          <PlayerScreen theme={theme} step={step} minHeight={size.height} />
        </div>
      </div>
    </div>
  );
}

function PlayerScreen({ theme, step, minHeight }: { theme: Theme; step: StepId; minHeight: number }) {
  const frame = useRef<HTMLDivElement>(null);
  // The question shows its feedback: pick the correct answer once, as a player would (a wrong
  // pick would also raise the player's toast in the admin), then make the frame inert again.
  useEffect(() => {
    const root = frame.current;
    if (!root || step !== 'question') return;
    root.inert = false;
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    buttons.find((b) => b.textContent?.includes(PREVIEW_CORRECT_ANSWER))?.click();
    root.inert = true;
  }, [step, theme.animationStyle, theme.transitionSpeed]);

  const animation = animationClass(theme);
  return (
    <div ref={frame} inert className="player-screen flex flex-col" style={{ ...themeStyle(theme), minHeight }} data-testid="theme-preview">
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center gap-4 px-4 py-6">
        <header className="player-page-header flex items-center justify-center gap-3 text-center">
          <p className="player-heading !text-2xl" data-testid="theme-preview-title">
            {PREVIEW_GROUP_NAME}
          </p>
        </header>
        {/* Keyed so a new step, animation or speed replays the entry animation. */}
        <section key={`${step}-${theme.animationStyle}-${theme.transitionSpeed}`} className={`player-card ${animation}`}>
          {step === 'document' && <DocumentStep documentTypes={PREVIEW_DOCUMENT_TYPES} onSubmit={resolved} />}
          {step === 'question' && (
            <QuestionStep bundle={previewBundle(theme)} state={PREVIEW_ATTEMPT} animation={animation} onAnswer={judgedByPreview(theme)} onFinished={noop} onLeave={resolved} keepFeedback />
          )}
          {step === 'result' && <CompletionStep result={PREVIEW_RESULT} redirectUrl={null} ranking={(campaigns) => <RankingPointer groupId={0} campaigns={campaigns} kioskQr={false} />} onRestart={noop} />}
        </section>
      </div>
    </div>
  );
}

function Segmented<T extends string>({ label, options, value, onChange }: { label: string; options: readonly { id: T; label: string }[]; value: T; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800">
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className="rounded-md px-2.5 py-1 text-xs font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm dark:text-slate-200 dark:aria-pressed:bg-slate-950 dark:aria-pressed:text-brand-200"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
