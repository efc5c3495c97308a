export function SystemPromptsPage() {
  return (
    <>
      <title>System Prompts</title>
      <h1>System Prompts</h1>
    </>
  )
}
