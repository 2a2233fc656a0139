import { useEffect, useId, useRef, useState } from 'react';
import { SafeHtml } from './ui/SafeHtml.tsx';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

interface Tool {
  command: string;
  label: string;
  text: string;
  className: string;
  /** The command's argument; `ask` asks for it (a link's address) and skips the command when none is given. */
  value?: string;
  ask?: string;
}

/** Bold, italic and the two lists: the few marks a product description needs (the server sanitises what is stored). */
const TOOLS: Tool[] = [
  { command: 'bold', label: 'Bold', text: 'B', className: 'font-bold' },
  { command: 'italic', label: 'Italic', text: 'I', className: 'italic' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '•', className: '' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1.', className: '' },
];
/** What a whole page needs besides (the admin's static pages): headings, plain paragraphs and links. */
const PAGE_TOOLS: Tool[] = [
  { command: 'formatBlock', value: 'h2', label: 'Heading', text: 'H2', className: 'font-semibold' },
  { command: 'formatBlock', value: 'h3', label: 'Subheading', text: 'H3', className: 'font-semibold' },
  { command: 'formatBlock', value: 'p', label: 'Paragraph', text: '¶', className: '' },
  { command: 'createLink', ask: 'Link address (https://… or /page)', label: 'Link', text: 'Link', className: 'w-auto! px-2 text-xs font-semibold underline' },
  { command: 'unlink', label: 'Remove link', text: 'Unlink', className: 'w-auto! px-2 text-xs' },
];

/**
 * A light rich-text box (the vendor's product descriptions, the admin's static pages): a contenteditable area with a four-button toolbar (the browser's own editing commands) and
 * a preview through the shop's SafeHtml, so the vendor sees the description as shoppers will. The value is HTML;
 * pasted markup is cleaned by the same allow-list before it is kept.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  pageTools = false,
  boxClassName = 'min-h-32',
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** Adds headings, paragraphs and links to the toolbar (static pages). */
  pageTools?: boolean;
  /** The writing area's height classes. */
  boxClassName?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState(false);
  // The value is written into the box only while the vendor is not typing in it (loading a product, back from the
  // preview): rewriting it under the caret would move the caret to the start.
  useEffect(() => {
    const box = ref.current;
    if (box && document.activeElement !== box && box.innerHTML !== value) box.innerHTML = sanitizeHtml(value);
  }, [value, preview]);

  const emit = () => onChange(ref.current?.innerHTML ?? '');

  return (
    <div className="mb-4">
      <div className="mb-1 flex items-center justify-between">
        <span id={`${id}-label`} className="text-sm font-medium text-ink-900">
          {label}
        </span>
        <button type="button" className="text-xs font-semibold text-brand-700 underline" onClick={() => setPreview((p) => !p)}>
          {preview ? 'Edit' : 'Preview'}
        </button>
      </div>
      {preview ? (
        <SafeHtml html={value} className={`${boxClassName} rounded-lg border border-sand-100 bg-sand-100/30 p-3`} />
      ) : (
        <div className={`rounded-lg border bg-white ${error ? 'border-red-600' : 'border-ink-500/40'} focus-within:ring-2 focus-within:ring-brand-100`}>
          <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-sand-100 p-1">
            {(pageTools ? [...TOOLS, ...PAGE_TOOLS] : TOOLS).map((t) => (
              <button
                key={t.label}
                type="button"
                title={t.label}
                aria-label={t.label}
                // Keep the selection in the box while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  const arg = t.ask ? window.prompt(t.ask)?.trim() : t.value;
                  if (t.ask && !arg) return;
                  ref.current?.focus();
                  document.execCommand?.(t.command, false, arg);
                  emit();
                }}
                className={`grid size-9 place-items-center rounded text-sm text-ink-700 hover:bg-brand-50 ${t.className}`}
              >
                {t.text}
              </button>
            ))}
          </div>
          <div
            ref={ref}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            contentEditable
            suppressContentEditableWarning
            tabIndex={0}
            onInput={emit}
            onBlur={emit}
            className={`${boxClassName} px-3 py-2 text-base text-ink-900 outline-none [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-3 [&_h2]:font-display [&_h2]:text-xl [&_h3]:mt-2 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5`}
          />
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
