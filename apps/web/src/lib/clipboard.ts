// Writing to the clipboard. The async Clipboard API needs a secure context and (in some browsers) a user
// gesture; where it is missing or refused, a hidden textarea and execCommand('copy') still work on http.

/** Copies `text`; true when the browser accepted it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused (no focus, no permission): fall through to the older way.
  }
  return copyWithTextarea(text)
}

function copyWithTextarea(text: string): boolean {
  if (typeof document === 'undefined') return false
  // Selecting the textarea moves the focus to it, and removing it drops the focus to the page: give it back to
  // whatever held it (a keyboard user who pressed Disconnect stays on that button).
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    if (focused?.isConnected) focused.focus({ preventScroll: true })
  }
}
