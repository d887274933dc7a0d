import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Unlink } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';

/** What the server's allow-list keeps; strike-through, code and rules would be dropped on save, so the editor has none. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
  }),
];

export interface InstructionsEditorProps {
  label: string;
  hint: string;
  error?: string;
  /** The instructions as HTML ('' when empty); the server sanitises what is saved. */
  value: string;
  onChange: (html: string) => void;
}

/**
 * The trivia's instructions as formatted text: paragraphs, bold, italic, headings, lists and links,
 * what the server's allow-list keeps (api/content/question-groups/instructions.ts). Stored HTML opens in it
 * as it is; anything else pasted in (scripts, images, handlers, styles) is left out by the editor's
 * schema, and the server sanitises what is saved either way. Loaded with the trivia dialog only.
 */
export default function InstructionsEditor({ label, hint, error, value, onChange }: InstructionsEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;
  // Created once: the editor keeps its own document, `value` is only where it starts.
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': messageId,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: `${inputClass} min-h-32 rounded-t-none space-y-2 [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-300 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </span>
      <Toolbar editor={editor} label={`Formato de ${label.toLowerCase()}`} />
      <EditorContent editor={editor} />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={messageId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

interface ToolbarButton {
  label: string;
  icon: ReactNode;
  active: boolean;
  run: () => void;
}

/**
 * The formatting buttons, a WAI-ARIA toolbar: one tab stop, the arrow keys (and Home/End) move
 * between buttons, each says what it does and whether it is on. Ctrl+B, Ctrl+I and the editor's
 * other shortcuts work in the text itself.
 */
function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const items: ToolbarButton[] = [
    { label: 'Negrita', icon: <Bold className="size-4" aria-hidden />, active: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { label: 'Cursiva', icon: <Italic className="size-4" aria-hidden />, active: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { label: 'Título', icon: <Heading2 className="size-4" aria-hidden />, active: state.heading, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { label: 'Lista con viñetas', icon: <List className="size-4" aria-hidden />, active: state.bulletList, run: () => editor.chain().focus().toggleBulletList().run() },
    { label: 'Lista numerada', icon: <ListOrdered className="size-4" aria-hidden />, active: state.orderedList, run: () => editor.chain().focus().toggleOrderedList().run() },
    { label: 'Enlace', icon: <Link2 className="size-4" aria-hidden />, active: state.link || linkOpen, run: () => setLinkOpen((open) => !open) },
  ];
  const move = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : step === undefined ? null : (focused + step + items.length) % items.length;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="toolbar"
        aria-label={label}
        onKeyDown={move}
        className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-800"
      >
        {items.map((item, index) => (
          <button
            key={item.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            title={item.label}
            aria-label={item.label}
            aria-pressed={item.active}
            tabIndex={index === focused ? 0 : -1}
            onFocus={() => setFocused(index)}
            onClick={item.run}
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-pressed:bg-brand-100 aria-pressed:text-brand-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-pressed:bg-brand-900 dark:aria-pressed:text-brand-100"
          >
            {item.icon}
          </button>
        ))}
      </div>
      {linkOpen && <LinkForm editor={editor} onDone={() => setLinkOpen(false)} />}
    </div>
  );
}

/** The link of the selected text: an http(s) or mailto address, applied or removed. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const inputId = useId();
  const apply = () => {
    const url = href.trim();
    if (/^(https?:\/\/\S+|mailto:\S+)$/i.test(url)) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border border-b-0 border-slate-300 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800">
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-700 dark:text-slate-200">
          Dirección del enlace
        </label>
        <input
          id={inputId}
          type="url"
          value={href}
          autoFocus
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onDone();
              editor.commands.focus();
            }
          }}
          className={inputClass}
        />
      </div>
      <Button type="button" size="sm" onClick={apply}>
        Aplicar
      </Button>
      <Button type="button" size="sm" variant="secondary" onClick={remove}>
        <Unlink className="size-4" aria-hidden />
        Quitar enlace
      </Button>
    </div>
  );
}
