// What a message will say, shown before it is sent (blasts and single invitations): its subject, if any, and its
// text in a box that keeps line breaks. Knows nothing of features: the screens hand it the words.
export function MessagePreview({ label, subject, body }: { label: string; subject?: string | null; body: string }) {
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <div
        // Scrolls when long; focusable so a keyboard can scroll it too.
        tabIndex={0}
        role="region"
        aria-label={label}
        className="max-h-48 overflow-y-auto rounded-lg border bg-muted/30 p-3 text-sm break-words whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {subject && <p className="mb-2 font-medium">{`Subject: ${subject}`}</p>}
        {body}
      </div>
    </figure>
  )
}
