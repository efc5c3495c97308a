// What each row action asks before it runs, and what it says afterwards.
export type StaffActionKind = 'reset' | 'disable' | 'enable' | 'delete' | 'make-admin' | 'make-operator'

type Texts = { title: string; description: string; confirmLabel: string; destructive: boolean; success: string }

export function staffActionTexts(kind: StaffActionKind, email: string, isYou: boolean): Texts {
  const yourself = isYou ? ' This is your own account.' : ''
  switch (kind) {
    case 'reset':
      return {
        title: `Reset the password of ${email}?`,
        description: `A new password is generated and shown to you once. The old one stops working and they are signed out everywhere.${isYou ? ' This session stays signed in.' : ''}`,
        confirmLabel: 'Reset password',
        destructive: false,
        success: 'Password reset',
      }
    case 'disable':
      return {
        title: `Disable ${email}?`,
        description: `They are signed out everywhere at once and cannot sign in until the account is enabled again.${isYou ? ' This is your own account: you will be signed out.' : ''}`,
        confirmLabel: 'Disable',
        destructive: true,
        success: 'Account disabled',
      }
    case 'enable':
      return {
        title: `Enable ${email}?`,
        description: 'They can sign in again with their password.',
        confirmLabel: 'Enable',
        destructive: false,
        success: 'Account enabled',
      }
    case 'delete':
      return {
        title: `Delete ${email}?`,
        description: `The account is removed and signed out everywhere. This cannot be undone.${isYou ? ' This is your own account: you will be signed out.' : ''}`,
        confirmLabel: 'Delete',
        destructive: true,
        success: 'Account deleted',
      }
    case 'make-admin':
      return {
        title: `Make ${email} an admin?`,
        description: 'Admins also manage users, groups, system prompts and staff accounts.',
        confirmLabel: 'Make admin',
        destructive: false,
        success: 'Role changed to admin',
      }
    case 'make-operator':
      return {
        title: `Make ${email} an operator?`,
        description: `Operators keep the console and the editors but lose the admin pages.${yourself}`,
        confirmLabel: 'Make operator',
        destructive: false,
        success: 'Role changed to operator',
      }
  }
}
