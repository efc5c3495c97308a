import { PublicLayout } from '@/components/public-layout'
import { LandingHero } from '@/features/landing/components/landing-hero'
import { LandingHighlights } from '@/features/landing/components/landing-highlights'
import { TypedPoem } from '@/features/landing/components/typed-poem'

/** /hearth2: the landing page whose hero types the poem out in a loop (SPEC §2). */
export function PoemPage() {
  return (
    <PublicLayout>
      <title>Hearth · Deeper Connections // Stronger Communities</title>
      <LandingHero poem={<TypedPoem />} />
      <LandingHighlights />
    </PublicLayout>
  )
}
