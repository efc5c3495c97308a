// The JSON editor: CodeMirror 6 (JSON language, highlighting, undo history, bracket matching). It owns its text;
// the page hears every change through onChange and replaces the whole text when another version is loaded.
import { useEffect, useRef } from 'react'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { json } from '@codemirror/lang-json'
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Compartment, EditorState } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import { tags } from '@lezer/highlight'

type JsonEditorProps = {
  /** The loaded text; a new `docKey` replaces the editor's text (and its undo history) with it. */
  initialText: string
  docKey: string
  disabled: boolean
  label: string
  onChange: (text: string) => void
  /** Gives the page a way to move the cursor (the prompt list jumps to a prompt). */
  onReady?: (api: { revealText: (needle: string) => void }) => void
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%', backgroundColor: 'var(--card)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: 'var(--muted)', color: 'var(--muted-foreground)', border: 'none' },
  '&.cm-focused': { outline: '2px solid color-mix(in oklab, var(--ring) 60%, transparent)' },
  '.cm-content[aria-disabled="true"]': { opacity: '0.6', cursor: 'not-allowed' },
})

// The prompts are prose: their strings read in the page's text colour, the field names and values around them in
// calm colours, so red stays for the lint's errors. Each is at least 4.5:1 on the card (checked in the e2e test).
const jsonHighlight = HighlightStyle.define([
  { tag: tags.string, color: 'var(--card-foreground)' },
  { tag: tags.propertyName, color: 'oklch(0.45 0.12 250)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'oklch(0.46 0.11 155)' },
  { tag: [tags.separator, tags.brace, tags.squareBracket, tags.punctuation], color: 'var(--muted-foreground)' },
])

export function JsonEditor({ initialText, docKey, disabled, label, onChange, onReady }: JsonEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  const editable = useRef(new Compartment()).current
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  const stateFor = (text: string, isDisabled: boolean) =>
    EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        json(),
        syntaxHighlighting(jsonHighlight),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        theme,
        editable.of(editableExtensions(isDisabled, label)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString())
        }),
      ],
    })

  useEffect(() => {
    const view = new EditorView({ state: stateFor(initialText, disabled), parent: hostRef.current! })
    viewRef.current = view
    onReady?.({
      revealText: (needle) => {
        const at = view.state.doc.toString().indexOf(needle)
        if (at < 0) return
        view.dispatch({ selection: { anchor: at, head: at + needle.length }, scrollIntoView: true })
        view.focus()
      },
    })
    return () => view.destroy()
    // The view is made once; text and flags change through the effects below.
  }, [])

  useEffect(() => {
    const view = viewRef.current
    if (!view) return
    view.setState(stateFor(initialText, disabled))
    // Another version starts at its top, not where the last one was scrolled to. Only the editor's own scroller
    // moves: CodeMirror's scrollIntoView would scroll the window too and hide the title and selectors.
    // Written in CodeMirror's own measure cycle, after it has laid out the new text.
    view.requestMeasure({ read: () => null, write: () => (view.scrollDOM.scrollTop = 0) })
  }, [docKey])

  useEffect(() => {
    viewRef.current?.dispatch({ effects: editable.reconfigure(editableExtensions(disabled, label)) })
  }, [disabled, label])

  return <div ref={hostRef} className="h-full min-h-0 overflow-hidden rounded-md border" />
}

function editableExtensions(disabled: boolean, label: string) {
  return [
    EditorView.editable.of(!disabled),
    EditorState.readOnly.of(disabled),
    // tabindex says outright what contenteditable already implies, so checkers see the scrolling box has focusable content.
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-disabled': String(disabled), ...(disabled ? {} : { tabindex: '0' }) }),
  ]
}
