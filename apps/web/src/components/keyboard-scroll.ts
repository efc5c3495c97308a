// A box that scrolls but holds nothing focusable cannot be scrolled from the keyboard (WCAG 2.1.1; axe's
// scrollable-region-focusable). While such a box overflows it joins the tab order, so the arrow keys scroll it;
// once everything fits it leaves again, so a short table or list costs no extra Tab.
import { useCallback, type RefCallback } from 'react'

/** `region` names the box for screen readers when it has no role of its own (a plain div); a list keeps its role. */
export function keepScrollableByKeyboard(element: HTMLElement, region?: { label: string }): () => void {
  const update = () => {
    const overflows = element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1
    if (overflows === element.hasAttribute('data-keyboard-scroll')) return
    if (overflows) {
      element.setAttribute('data-keyboard-scroll', '')
      element.tabIndex = 0
      if (region) {
        element.setAttribute('role', 'region')
        element.setAttribute('aria-label', region.label)
      }
    } else {
      element.removeAttribute('data-keyboard-scroll')
      element.removeAttribute('tabindex')
      if (region) {
        element.removeAttribute('role')
        element.removeAttribute('aria-label')
      }
    }
  }
  // The box resizes with the window; its content (a table, the items) resizes with the data.
  const observer = new ResizeObserver(update)
  observer.observe(element)
  for (const child of element.children) observer.observe(child)
  update()
  return () => observer.disconnect()
}

/** keepScrollableByKeyboard as a callback ref on the scrolling element itself. */
export function useScrollableByKeyboard<T extends HTMLElement>(regionLabel?: string): RefCallback<T> {
  return useCallback(
    (element: T | null) => (element ? keepScrollableByKeyboard(element, regionLabel ? { label: regionLabel } : undefined) : undefined),
    [regionLabel],
  )
}
