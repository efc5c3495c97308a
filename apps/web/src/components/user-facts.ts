// How two people of one name are told apart on screen: their contact details and file name, in one line.

type UserFacts = { fileName: string; email: string | null; phone_number: string | null }

/** "ada@example.org · +14155552671 · 1a2b3c_ada.json" (what the user has of these). */
export function userFacts({ email, phone_number, fileName }: UserFacts): string {
  return [email, phone_number, fileName].filter(Boolean).join(' · ')
}
