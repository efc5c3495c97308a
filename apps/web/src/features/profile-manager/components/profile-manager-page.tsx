export function ProfileManagerPage() {
  return (
    <>
      <title>Profile Manager</title>
      <h1>Profile Manager</h1>
    </>
  )
}
