// The dry run of a mass add: each line as the server read it and what is wrong with it, before anything is added.
import { LoaderCircle, UserPlus } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'

import type { MassAddLine, MassAddResult } from '@/features/groups/api'
import { plural } from '@/features/groups/texts'

type MassAddPreviewProps = { result: MassAddResult | null; adding: boolean; onAdd: () => void; onClose: () => void }

export function MassAddPreview({ result, adding, onAdd, onClose }: MassAddPreviewProps) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid max-h-[90dvh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Preview of Mass Add Users</DialogTitle>
          <DialogDescription>
            {result ? `${plural(result.accepted, 'user')} will be added; ${plural(result.rejected, 'line')} will not.` : ' '}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-auto rounded-lg border">
          <Table aria-label="Lines to add">
            <TableHeader className="sticky top-0 bg-card">
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-12 text-right">Line</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Result</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result?.lines.map((line) => (
                <TableRow key={line.line} data-status={line.status} className="data-[status=rejected]:bg-destructive/5">
                  <TableCell className="text-right text-muted-foreground tabular-nums">{line.line}</TableCell>
                  <TableCell className="font-medium">{line.name || '—'}</TableCell>
                  <TableCell className="tabular-nums">{line.phone || '—'}</TableCell>
                  <TableCell>{line.email || '—'}</TableCell>
                  <TableCell className="whitespace-normal">
                    <LineResult line={line} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={adding}>
            Cancel
          </Button>
          <Button onClick={onAdd} disabled={adding || !result || result.accepted === 0}>
            {adding ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
            {`Add ${plural(result?.accepted ?? 0, 'user')}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function LineResult({ line }: { line: MassAddLine }) {
  if (line.status === 'rejected') return <span className="text-destructive">{line.error}</span>
  return <Badge variant={line.status === 'new' ? 'secondary' : 'outline'}>{line.status === 'new' ? 'New user' : 'Existing user'}</Badge>
}
