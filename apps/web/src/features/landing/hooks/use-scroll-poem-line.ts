import { useEffect, useState, type RefObject } from 'react'

import { MOBILE_QUERY, SCROLL_OFFSET_PX } from '@/features/landing/poem'

/**
 * Which of `count` lines a tall section with a sticky child shows: the distance the section's top has
 * travelled past SCROLL_OFFSET_PX, as a share of the distance the child stays pinned, split into equal steps.
 * One passive listener, measured at most once per frame and only on narrow screens (the only ones that show it).
 */
export function useScrollPoemLine(
  sectionRef: RefObject<HTMLElement | null>,
  stickyRef: RefObject<HTMLElement | null>,
  count: number,
): number {
  const [index, setIndex] = useState(0)

  useEffect(() => {
    const narrow = window.matchMedia(MOBILE_QUERY)
    let frame = 0
    const measure = () => {
      frame = 0
      // Both refs are set while mounted, and the cleanup cancels a frame still pending at unmount.
      const section = sectionRef.current!
      const sticky = stickyRef.current!
      if (!narrow.matches) return
      const pinnedDistance = section.offsetHeight - sticky.offsetHeight
      const travelled = SCROLL_OFFSET_PX - section.getBoundingClientRect().top
      setIndex(Math.min(count - 1, Math.max(0, Math.floor((travelled / pinnedDistance) * count))))
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    return () => {
      window.removeEventListener('scroll', schedule)
      cancelAnimationFrame(frame)
    }
  }, [sectionRef, stickyRef, count])

  return index
}
