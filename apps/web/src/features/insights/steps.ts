import type { FunnelStep } from '@/features/insights/api'

/** The funnel's steps in order (PRODUCT §11), as the server answers them. */
export const FUNNEL_ORDER: ReadonlyArray<FunnelStep['step']> = [
  'invited',
  'opened',
  'talked',
  'profiled',
  'assigned',
  'told',
  'met',
  'met_again',
]
