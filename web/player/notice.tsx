import { CircleAlert, Info, X } from 'lucide-react';

/** A message for the player (a limit reached, a site to choose, an error) shown above the step until the next action. */
export interface Notice {
  title: string;
  description?: string;
  tone: 'error' | 'info';
}

/** What the live region says for a notice: its title and its description. */
export const noticeText = (notice: Notice) => [notice.title, notice.description].filter(Boolean).join('. ');

/** The notice area: visible, with an icon and words for its tone (never colour alone); the live region announces it. */
export function NoticeArea({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  const Icon = notice.tone === 'error' ? CircleAlert : Info;
  return (
    <div className="player-notice mb-4 flex items-start gap-3" data-tone={notice.tone} data-testid="player-notice">
      <Icon className="mt-0.5 size-5 flex-none" aria-hidden />
      <div className="player-notice-text min-w-0 flex-1">
        <p className="font-bold">{notice.title}</p>
        {notice.description && <p className="break-words">{notice.description}</p>}
      </div>
      <button type="button" className="player-icon-button flex-none" onClick={onDismiss} aria-label="Cerrar aviso">
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}
