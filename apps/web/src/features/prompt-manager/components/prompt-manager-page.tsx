export function PromptManagerPage() {
  return (
    <>
      <title>Prompt Manager</title>
      <h1>Prompt Manager</h1>
    </>
  )
}
