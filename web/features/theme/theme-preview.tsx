import { Check, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Theme } from '../../../contract';
import { themeBackground, themeEnterKeyframes, themeToCssVariables, transitionMs } from './theme-css';

const ANSWERS = [
  { text: 'Júpiter', state: 'correct' },
  { text: 'Saturno', state: 'incorrect' },
  { text: 'Neptuno', state: 'selected' },
] as const;

const ANSWER_BACKGROUND: Record<(typeof ANSWERS)[number]['state'], string> = {
  correct: 'var(--trivia-answer-background)',
  incorrect: 'var(--trivia-answer-background)',
  selected: 'var(--trivia-answer-selected)',
};

/**
 * A miniature of the player's question card, styled only by the theme being edited, so the admin
 * sees each change before saving. The card replays the theme's entry animation when asked.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const card = useRef<HTMLDivElement>(null);
  const [replays, setReplays] = useState(0);
  const keyframes = themeEnterKeyframes(theme.animationStyle);
  const duration = transitionMs(theme.transitionSpeed);

  useEffect(() => {
    const frames = themeEnterKeyframes(theme.animationStyle);
    if (frames.length === 0 || !card.current?.animate) return;
    // Slowed down 4x: at its real speed (0.1 s to 0.5 s) the difference between choices is hard to see.
    card.current.animate(frames, { duration: duration * 4, easing: 'ease-out' });
  }, [theme.animationStyle, duration, replays]);

  return (
    <div
      data-testid="theme-preview"
      // Smaller on phones and tablets, where it sits above the fields and must leave room for them.
      className="overflow-hidden rounded-xl border border-slate-200 p-4 max-lg:[zoom:0.75] dark:border-slate-700"
      style={{
        ...themeToCssVariables(theme),
        background: themeBackground(theme),
        fontFamily: 'var(--trivia-font)',
        fontSize: 'var(--trivia-base-size)',
      }}
    >
      <p
        className="mb-3 leading-tight"
        style={{ color: 'var(--trivia-header)', fontFamily: 'var(--trivia-heading-font)', fontSize: 'calc(var(--trivia-heading-size) * 0.8)', fontWeight: 700 }}
      >
        Trivia de ejemplo
      </p>
      <div
        ref={card}
        data-testid="theme-preview-card"
        style={{
          background: 'var(--trivia-container-background)',
          borderRadius: 'var(--trivia-container-radius)',
          boxShadow: 'var(--trivia-container-shadow)',
          padding: 'var(--trivia-container-spacing)',
        }}
      >
        <div className="mb-1 flex justify-between text-xs" style={{ color: 'var(--trivia-secondary)' }}>
          <span>Pregunta 2 de 5</span>
          <span style={{ color: 'var(--trivia-accent)', fontWeight: 600 }}>0:42</span>
        </div>
        <div className="mb-3 h-2 overflow-hidden rounded-full bg-black/10" role="progressbar" aria-label="Progreso de ejemplo" aria-valuenow={40} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full w-2/5 rounded-full" style={{ background: 'var(--trivia-progress)' }} />
        </div>
        <p
          data-testid="theme-preview-question"
          className="mb-3 rounded-lg p-3 leading-snug"
          style={{
            background: 'var(--trivia-question-background)',
            color: 'var(--trivia-question-text)',
            fontSize: 'var(--trivia-question-size)',
            fontWeight: 'var(--trivia-question-weight)',
          }}
        >
          ¿Cuál es el planeta más grande del sistema solar?
        </p>
        <ul>
          {ANSWERS.map((answer) => {
            const mark = answer.state === 'correct' ? 'var(--trivia-correct)' : answer.state === 'incorrect' ? 'var(--trivia-incorrect)' : undefined;
            return (
              <li
                key={answer.text}
                className="flex items-center justify-between gap-2 border-2 transition-colors hover:!bg-[var(--trivia-answer-hover)]"
                style={{
                  background: ANSWER_BACKGROUND[answer.state],
                  color: 'var(--trivia-answer-text)',
                  borderRadius: 'var(--trivia-answer-radius)',
                  padding: 'var(--trivia-answer-padding)',
                  margin: 'var(--trivia-answer-margin) 0',
                  borderColor: mark ?? 'transparent',
                  transitionDuration: 'var(--trivia-transition)',
                }}
              >
                <span>{answer.text}</span>
                {answer.state === 'correct' && <Check className="size-4" style={{ color: mark }} aria-label="Correcta" />}
                {answer.state === 'incorrect' && <X className="size-4" style={{ color: mark }} aria-label="Incorrecta" />}
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex justify-end">
          <span
            data-testid="theme-preview-button"
            className="inline-block px-4 py-2 text-sm font-semibold transition-colors hover:!bg-[var(--trivia-button-hover)]"
            style={{
              background: 'var(--trivia-button-background)',
              color: 'var(--trivia-button-text)',
              borderRadius: 'var(--trivia-button-radius)',
              transitionDuration: 'var(--trivia-transition)',
            }}
          >
            Siguiente
          </span>
        </div>
      </div>
      {keyframes.length > 0 && (
        <button
          type="button"
          onClick={() => setReplays((n) => n + 1)}
          className="mt-3 inline-flex items-center gap-1.5 rounded-lg bg-white/80 px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-white"
        >
          <Play className="size-3" aria-hidden />
          Ver animación
        </button>
      )}
    </div>
  );
}
