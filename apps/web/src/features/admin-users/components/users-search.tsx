// The search box (SPEC §2: by name or phone). Typing waits ~300 ms, then puts the text into the URL (`q`), which
// the route's loader turns into one SQL search; the page goes back to 1.
import { useEffect, useRef, useState } from 'react'
import { Search, X } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

export const SEARCH_DEBOUNCE_MS = 300

type UsersSearchProps = { value: string; onSearch: (q: string) => void }

export function UsersSearch({ value, onSearch }: UsersSearchProps) {
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const latest = useRef(onSearch)
  latest.current = onSearch

  const search = (q: string) => {
    sent.current = q
    latest.current(q)
  }

  // The URL changed elsewhere (back button, a link): show what it holds. Our own searches arriving in the URL must
  // not overwrite what was typed meanwhile.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    if (text.trim() === sent.current) return
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <div className="grid w-full gap-1.5 sm:max-w-sm">
      <Label htmlFor="users-search">Search by name or phone</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id="users-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && text.trim() !== sent.current && search(text.trim())}
          placeholder="e.g. Ada or +1415…"
          autoComplete="off"
          className="pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
            aria-label="Clear search"
            onClick={() => {
              setText('')
              search('')
            }}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
    </div>
  )
}
