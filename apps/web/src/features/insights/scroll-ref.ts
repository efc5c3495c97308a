import { keepScrollableByKeyboard } from '@/components/keyboard-scroll'

/** A table that scrolls sideways on a narrow screen stays reachable by keyboard (shadcn's Table's container). */
export const scrollableTable = (label: string) => (element: HTMLTableElement | null) =>
  element?.parentElement ? keepScrollableByKeyboard(element.parentElement, { label: `${label} (scrollable)` }) : undefined
