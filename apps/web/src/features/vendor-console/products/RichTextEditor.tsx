import { useEffect, useRef, useState } from 'react';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { sanitizeHtml } from '../../../lib/sanitize-html.ts';
import { useUniqueId } from '../../../lib/unique-id.ts';

/** Bold, italic and the two lists: the few marks a product description needs (the server sanitises what is stored). */
const TOOLS = [
  { command: 'bold', label: 'Bold', text: 'B', className: 'font-bold' },
  { command: 'italic', label: 'Italic', text: 'I', className: 'italic' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '•', className: '' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1.', className: '' },
] as const;

/**
 * A light rich-text box: a contenteditable area with a four-button toolbar (the browser's own editing commands) and
 * a preview through the shop's SafeHtml, so the vendor sees the description as shoppers will. The value is HTML;
 * pasted markup is cleaned by the same allow-list before it is kept.
 */
export function RichTextEditor({ label, value, onChange, error }: { label: string; value: string; onChange: (html: string) => void; error?: string }) {
  const id = useUniqueId();
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
        <SafeHtml html={value} className="min-h-32 rounded-lg border border-sand-100 bg-sand-100/30 p-3" />
      ) : (
        <div className={`rounded-lg border bg-white ${error ? 'border-red-600' : 'border-ink-500/40'} focus-within:ring-2 focus-within:ring-brand-100`}>
          <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b border-sand-100 p-1">
            {TOOLS.map((t) => (
              <button
                key={t.command}
                type="button"
                title={t.label}
                aria-label={t.label}
                // Keep the selection in the box while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  ref.current?.focus();
                  document.execCommand?.(t.command);
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
            className="min-h-32 px-3 py-2 text-base text-ink-900 outline-none [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
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
