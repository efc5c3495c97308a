import { PublicLayout } from '@/components/public-layout'

export function PrivacyPage() {
  return (
    <PublicLayout>
      <title>Privacy Policy · Hearth</title>
      <h1>Privacy Policy</h1>
    </PublicLayout>
  )
}
