import { useEffect } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { described } from "./form-controls";

/**
 * The blog post's text as formatted writing (TipTap), sent as HTML. Only what the server's sanitiser keeps
 * is offered: paragraphs, two heading levels, bold, italic, lists, quotes and links; the server cleans the
 * HTML again on save. It is loaded only in the browser (lazily, from the form), and `immediatelyRender:
 * false` keeps it from rendering during server rendering.
 */

const CONTENT_STYLE =
  "min-h-60 px-3 py-2 text-base leading-7 text-charcoal focus:outline-none " +
  "[&_p]:my-2 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold " +
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-madder [&_a]:underline " +
  "[&_blockquote]:border-l-4 [&_blockquote]:border-turmeric [&_blockquote]:pl-3";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
};

function ToolButton({ label, active, onClick }: { label: string; active?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      // A click leaves the caret in the post: the button never takes the focus from the editor, so what the
      // owner types next goes into the text, not onto the button (a space would press it again).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-h-9 rounded-md px-2.5 text-sm font-semibold ${
        active ? "bg-indigo-ink text-cream" : "bg-linen/70 text-charcoal hover:bg-linen"
      }`}
    >
      {label}
    </button>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  function link() {
    const current = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt("Link address (a page of the shop, or https://...)", current ?? "");
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  }
  return (
    <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-1 border-b border-linen p-2">
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label="Subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <ToolButton label="Bullet list" active={state.bullets} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label="Numbered list" active={state.numbers} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
      <ToolButton label="Link" active={state.link} onClick={link} />
    </div>
  );
}

export default function RichTextEditor({ id, label, value, onChange, required, error, hint, className = "" }: Props) {
  const labelId = `${id}-label`;
  const attributes: Record<string, string> = {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(required ? { "aria-required": "true" } : {}),
    ...Object.fromEntries(
      Object.entries(described(id, error, hint)).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ),
    class: CONTENT_STYLE,
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Only what the sanitiser keeps: no code, strike-through, underline or rules.
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes },
    // An empty editor still holds "<p></p>": send "" so the required message shows.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // A message shown or cleared after the editor was made must reach its aria-invalid/aria-describedby.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  return (
    <div className={className}>
      <span id={labelId} className="text-sm font-semibold text-charcoal">
        {label}
        {required && (
          <span aria-hidden="true" className="text-madder">
            {" "}
            *
          </span>
        )}
      </span>
      <div className={`mt-1 rounded-lg border bg-white ${error ? "border-madder" : "border-charcoal/30"}`}>
        {editor ? <Toolbar editor={editor} label={label} /> : null}
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-madder">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-charcoal/75">
          {hint}
        </p>
      )}
    </div>
  );
}
