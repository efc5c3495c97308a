// What the JSON editor shows for a version, and what Save sends back.

const GLOBAL_FILE = 'global_prompt.json'

export const isGlobalSequence = (fileName: string) => fileName === GLOBAL_FILE

/** The version object as the editor shows it: two-space JSON, the fields in SPEC §3's order. */
export function versionToText(version: object): string {
  return JSON.stringify(version, null, 2)
}

/**
 * The body of a save: the edited object without its `version`, so the server stores it as a new version and
 * the one that was loaded stays in the history (the version diff compares them).
 */
export function saveBody(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('The editor must hold one version object')
  }
  const { version: _version, ...rest } = value as Record<string, unknown>
  return rest
}

/** "Get to Know You.json" → "Get to Know You" (SPEC shows module names without .json to end users). */
export const displayName = (fileName: string) => fileName.replace(/\.json$/i, '')

/** The highest version number (SPEC §3: the default version), or undefined for none. */
export const highestVersion = (versions: Array<{ version: number }>) =>
  versions.reduce<number | undefined>((max, v) => (max === undefined || v.version > max ? v.version : max), undefined)

/** An upload file's content as a list of version objects (a file holds a list or one version object). */
export function uploadedVersions(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value]
}
