import { LandingPage } from '@/features/landing/components/landing-page'

export function PoemPage() {
  return <LandingPage />
}
