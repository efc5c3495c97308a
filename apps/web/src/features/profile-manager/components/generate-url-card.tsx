import { useId, useState } from 'react'
import { Link2, LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { CopyButton } from '@/components/copy-button'
import { generateUserLink } from '@/features/profile-manager/api'
import { CardSection } from '@/components/card-section'
import { UserSelect } from '@/features/profile-manager/components/user-select'
import { defaultModuleOption, type ModuleOption, type UserOption } from '@/features/profile-manager/inputs'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type GenerateUrlCardProps = { users: UserOption[]; modules: ModuleOption[]; className?: string }

export function GenerateUrlCard({ users, modules, className }: GenerateUrlCardProps) {
  const fieldId = useId()
  const [userId, setUserId] = useState<string>()
  const [moduleChoice, setModuleChoice] = useState<string>()
  const [link, setLink] = useState<{ url: string; userName: string } | null>(null)
  const [busy, setBusy] = useState(false)
  // Until someone picks, the module is the one the user page would open anyway (SPEC §9).
  const moduleName = moduleChoice ?? defaultModuleOption(modules)

  async function generate() {
    if (busy) return
    if (!userId || !moduleName) return void notify.error('Please select a user and a module')
    setBusy(true)
    try {
      const { url } = await generateUserLink({ userFile: userId, moduleName })
      setLink({ url, userName: users.find((user) => user.value === userId)?.label ?? 'this user' })
    } catch (error) {
      notify.error(`Error generating URL: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <CardSection
      title="Generate a user URL"
      icon={Link2}
      className={className}
      description="A personal link opens the user page for one person in the module you choose — no password needed."
    >
      <div className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <UserSelect
            id={`${fieldId}-user`}
            label="User"
            users={users}
            value={userId}
            onValueChange={(id) => {
              setUserId(id)
              setLink(null)
            }}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-module`}>Module</Label>
            <Select
              value={moduleName ?? ''}
              onValueChange={(name) => {
                setModuleChoice(name)
                setLink(null)
              }}
              disabled={modules.length === 0}
            >
              <SelectTrigger id={`${fieldId}-module`} className="w-full">
                <SelectValue placeholder={modules.length === 0 ? 'No modules' : 'Choose a module'} />
              </SelectTrigger>
              <SelectContent className="max-h-80">
                {modules.map((module) => (
                  <SelectItem key={module.value} value={module.value}>
                    {module.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="button" onClick={generate} disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
            Generate URL
          </Button>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-url`}>User URL</Label>
          <div className="flex gap-2">
            <Input
              id={`${fieldId}-url`}
              readOnly
              value={link?.url ?? ''}
              placeholder="Choose a user and a module, then Generate URL"
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs md:text-xs"
              aria-describedby={`${fieldId}-url-note`}
            />
            <CopyButton text={link?.url ?? ''} successMessage="URL copied to clipboard!" disabled={!link} />
          </div>
          <div id={`${fieldId}-url-note`} className="grid gap-1 text-xs text-pretty text-muted-foreground">
            <p>
              {link ? `This link signs ${link.userName} in` : 'A link signs its person in'} on any device that opens it, so send it only to
              them. Copy it now: Hearth keeps only a fingerprint of the key and cannot show this link again.
            </p>
            <p>
              Generating a new link does not cancel earlier ones: every link keeps working until an admin revokes that person’s links (Users
              screen, the row’s actions) or deletes the user.
            </p>
          </div>
        </div>
      </div>
    </CardSection>
  )
}
