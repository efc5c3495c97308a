// What the Profile Manager's fields accept (SPEC §5) and how its pickers name users and modules.

/** SPEC §5: underscores are stripped from the name as typed. */
export function stripNameInput(value: string): string {
  return value.replace(/_/g, '')
}

/** SPEC §5: the phone accepts only an optional leading "+" and digits; anything else is dropped as typed. */
export function stripPhoneInput(value: string): string {
  const trimmed = value.trimStart()
  const plus = trimmed.startsWith('+') ? '+' : ''
  return plus + trimmed.replace(/\D/g, '')
}

/** SPEC §5 "Update user phone": empty, or a "+" followed by digits only. */
export function isValidUpdatePhone(value: string): boolean {
  return value === '' || /^\+\d+$/.test(value)
}

const GLOBAL_PROMPT_FILE = 'global_prompt.json'

export type ModuleOption = { value: string; label: string }

/**
 * Modules to link to: never the global prompt. The server stores a link's module under the name shown on the
 * user page, so the value is the name without ".json" too.
 */
export function moduleOptions(fileNames: readonly string[]): ModuleOption[] {
  return fileNames
    .filter((file) => file.toLowerCase() !== GLOBAL_PROMPT_FILE)
    .map((file) => file.replace(/\.json$/i, ''))
    .filter((name) => name.trim() !== '')
    .map((name) => ({ value: name, label: name }))
}

/** SPEC §9: the user page's default module, so most links need one choice fewer. */
export function defaultModuleOption(options: readonly ModuleOption[]): string | undefined {
  return options.find((option) => option.value.toLowerCase() === 'get to know you')?.value
}

export type UserOption = { value: string; label: string; hint?: string }

/** Users by name; where two share a name, each also shows the end of its id so they can be told apart. */
export function userOptions(users: readonly { id: string; name: string }[]): UserOption[] {
  const counts = new Map<string, number>()
  for (const user of users) counts.set(user.name.toLowerCase(), (counts.get(user.name.toLowerCase()) ?? 0) + 1)
  return users.map((user) => ({
    value: user.id,
    label: user.name,
    hint: (counts.get(user.name.toLowerCase()) ?? 0) > 1 ? `id …${user.id.slice(-5)}` : undefined,
  }))
}
