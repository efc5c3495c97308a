// The landing pages' poem (SPEC §2) and the scroll poem's constants (SPEC §9; the typing ones are in typing.ts). Spoken-style lines, one thought each:
// community, companions, self, unlearning, the present, and back to the fire.
export const POEM_LINES = [
  'We were never meant to carry it all alone.',
  'Pull up a chair — there’s room by the fire.',
  'A good companion listens before it speaks.',
  'Tell me who you are, not who you were told to be.',
  'Unlearn the hurry. Unlearn the hiding.',
  'Right here, right now, is a fine place to begin.',
  'Come as you are. Stay a while.',
] as const

/** The scroll-linked poem shows at this width and below (SPEC §9 mobile breakpoint 768). */
export const MOBILE_QUERY = '(max-width: 768px)'
/** Distance from the top of the viewport where the scroll poem pins and starts counting (SPEC §9). */
export const SCROLL_OFFSET_PX = 92
