// Placeholder until the console is built (issue "Staff web app 2 of 5").
import { ComingSoon } from '@/components/coming-soon'

export function ConsolePage() {
  return (
    <>
      <title>Console · Hearth</title>
      <ComingSoon
        title="Console"
        description="The live voice console for operators."
        features={[
          'Voice, temperature, sequence and version selection',
          'Connect and disconnect; manual turns or voice-activity detection',
          'Push-to-talk, event log and conversation list',
          'Saved mood scores and memory values',
        ]}
      />
    </>
  )
}
