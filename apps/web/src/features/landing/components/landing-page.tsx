import { PublicLayout } from '@/components/public-layout'
import { LandingHero } from '@/features/landing/components/landing-hero'
import { LandingHighlights } from '@/features/landing/components/landing-highlights'
import { ScrollPoem } from '@/features/landing/components/scroll-poem'

/** The public landing page (/, /hearth). Staff see the console at / instead. */
export function LandingPage() {
  return (
    <PublicLayout>
      <title>Hearth · Deeper Connections // Stronger Communities</title>
      <LandingHero />
      <ScrollPoem />
      <LandingHighlights />
    </PublicLayout>
  )
}
