// Stand-ins for the screens of SPEC §2 that later changes build. Each keeps the document title SPEC gives it,
// so links, tests and bookmarks already point at the right place.
import { getRouteApi } from '@tanstack/react-router'

import { ComingSoon } from '@/components/coming-soon'
import { PublicLayout } from '@/routes/landing'

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

export function PromptManagerPage() {
  return (
    <>
      <title>Prompt Manager</title>
      <ComingSoon
        title="Prompt Manager"
        description="Edit prompt sequences (modules) and their numbered versions."
        features={['Sequence and version selectors', 'JSON editor with save', 'Rename, create, upload and delete']}
      />
    </>
  )
}

export function ProfileManagerPage() {
  return (
    <>
      <title>Profile Manager</title>
      <ComingSoon
        title="Profile Manager"
        description="Create user profiles, update contact details and generate personal links."
        features={['Create a user profile', 'Update phone and e-mail', 'Generate and copy a personal link']}
      />
    </>
  )
}

export function AdminUsersPage() {
  return (
    <>
      <title>Users · Hearth</title>
      <ComingSoon
        title="Users"
        description="Search, sort and manage every user, their groups and invitations."
        features={['Search by name or phone', 'Sortable table, 100 rows per page', 'Invitations by SMS and e-mail']}
      />
    </>
  )
}

export function GroupsPage() {
  return (
    <>
      <title>Groups · Hearth</title>
      <ComingSoon
        title="Groups"
        description="Create and delete groups and open a group's details."
        features={['Search by name', 'Add and delete groups', 'Member counts']}
      />
    </>
  )
}

const groupRoute = getRouteApi('/_staff/_admin/groups/$groupId')

export function GroupDetailPage() {
  const { groupId } = groupRoute.useParams()
  return (
    <>
      <title>{`${groupId} · Groups · Hearth`}</title>
      <ComingSoon
        title={groupId}
        description="Group details: members, subgroups and messages to the whole group."
        features={['Mass add users', 'Assign subgroups', 'Generate test users', 'Blast invitations and assignments']}
      />
    </>
  )
}

export function SystemPromptsPage() {
  return (
    <>
      <title>System Prompts · Hearth</title>
      <ComingSoon
        title="System Prompts"
        description="Edit the prompts behind profiles, memories, taglines and subgroup names."
      />
    </>
  )
}

export function AboutPage() {
  return (
    <PublicLayout>
      <title>About · Hearth</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <ComingSoon
          title="About Hearth"
          description="Our mission: matching members, insight tools for organisers and pilot connection programmes."
        />
      </div>
    </PublicLayout>
  )
}

export function PrivacyPage() {
  return (
    <PublicLayout>
      <title>Privacy Policy · Hearth</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <ComingSoon
          title="Privacy Policy"
          description="Voice recordings are never saved. Transcripts are processed temporarily to update your profile and then immediately deleted. Only your profile is kept."
        />
      </div>
    </PublicLayout>
  )
}
