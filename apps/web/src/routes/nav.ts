import {
  AudioLines,
  ChartColumn,
  FlaskConical,
  IdCard,
  KeyRound,
  Mail,
  ScrollText,
  Settings2,
  ShieldCheck,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react'

export type NavItem = {
  to:
    | '/'
    | '/testing'
    | '/prompt-manager'
    | '/profile-manager'
    | '/admin-users'
    | '/groups'
    | '/system-prompts'
    | '/admin-staff'
    | '/admin-messages'
    | '/insights'
  label: string
  icon: LucideIcon
}

export const operatorNav: NavItem[] = [
  { to: '/', label: 'Console', icon: AudioLines },
  { to: '/testing', label: 'Testing', icon: FlaskConical },
  { to: '/prompt-manager', label: 'Prompt Manager', icon: ScrollText },
  { to: '/profile-manager', label: 'Profile Manager', icon: IdCard },
]

// SPEC §2 "Admin tab bar": Users, Groups, System Prompts; PRODUCT §3 adds Staff accounts, PRODUCT §6 the messages,
// PRODUCT §11 the community loop's insights.
export const adminNav: NavItem[] = [
  { to: '/admin-users', label: 'Users', icon: Users },
  { to: '/groups', label: 'Groups', icon: UsersRound },
  { to: '/system-prompts', label: 'System Prompts', icon: Settings2 },
  { to: '/admin-staff', label: 'Staff', icon: KeyRound },
  { to: '/admin-messages', label: 'Messages', icon: Mail },
  { to: '/insights', label: 'Insights', icon: ChartColumn },
]

/** The staff header's one way into the admin area; there the tab bar (adminNav) takes over, so no link shows twice. */
export const adminEntry: NavItem = { to: '/admin-users', label: 'Admin', icon: ShieldCheck }

export const isAdminPath = (pathname: string) => adminNav.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
