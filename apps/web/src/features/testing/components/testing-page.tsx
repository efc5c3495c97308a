// Placeholder until the testing page is built (issue "Staff web app 2 of 5").
import { ComingSoon } from '@/components/coming-soon'

export function TestingPage() {
  return (
    <>
      <title>Testing Page</title>
      <ComingSoon
        title="Testing"
        description="Automatic conversations between the assistant and a second model."
        features={[
          'Voice and temperature settings',
          'Message limit per run',
          'Event and conversation logs',
          'Microphone and speaker levels',
        ]}
      />
    </>
  )
}
