import { PublicLayout } from '@/components/public-layout'

export function AboutPage() {
  return (
    <PublicLayout>
      <title>About · Hearth</title>
      <h1>About Hearth</h1>
    </PublicLayout>
  )
}
