// A table's search box. Typing waits ~300 ms, then puts the text into the URL (`q`), which the route's loader turns
// into one SQL search; the page goes back to 1.
import { useEffect, useId, useRef, useState } from 'react'
import { Search, X } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { cn } from '@hearth/ui/lib/utils'

export const SEARCH_DEBOUNCE_MS = 300

type SearchBoxProps = { label: string; placeholder?: string; value: string; onSearch: (q: string) => void; className?: string }

export function SearchBox({ label, placeholder, value, onSearch, className }: SearchBoxProps) {
  const id = useId()
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const latest = useRef(onSearch)
  latest.current = onSearch

  const search = (q: string) => {
    sent.current = q
    latest.current(q)
  }

  // The URL changed elsewhere (back button, a link): show what it holds, without overwriting what is being typed.
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
    <div className={cn('grid w-full gap-1.5 sm:max-w-sm', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && text.trim() !== sent.current && search(text.trim())}
          placeholder={placeholder}
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
