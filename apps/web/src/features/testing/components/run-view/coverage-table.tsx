// The coverage map as a table (for keyboard and screen-reader users, and for anyone who wants numbers): each
// prompt with the share of attempts that reached it, and its outgoing edges with how often they were taken and
// how the transitions were judged.
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'

import { type CoverageGraph, coverageRows, verdictText } from '@/features/testing/runs/coverage-graph'
import { formatShare } from '@/features/testing/runs/run-text'

export function CoverageTable({ graph }: { graph: CoverageGraph }) {
  const rows = coverageRows(graph)
  return (
    <Table aria-label="Coverage by prompt">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Prompt</TableHead>
          <TableHead scope="col" className="text-right">
            Reached
          </TableHead>
          <TableHead scope="col">Edges taken</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ node, outgoing }) => (
          <TableRow key={node.name}>
            <TableHead scope="row" className="align-top font-mono text-xs whitespace-normal">
              {node.name}
              {!node.inJson && <span className="ml-1 font-sans text-muted-foreground">(not in this version)</span>}
            </TableHead>
            <TableCell className="text-right align-top tabular-nums" data-testid={`reached-${node.name}`}>
              {formatShare(node.share)}
              <span className="sr-only">
                {' '}
                ({node.reached} of {graph.attempts} attempts)
              </span>
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              {outgoing.length === 0 ? (
                <span className="text-muted-foreground">none</span>
              ) : (
                <ul className="grid gap-0.5">
                  {outgoing.map((edge) => (
                    <li key={edge.id}>
                      → <span className="font-mono text-xs">{edge.to}</span> {formatShare(edge.share)} ({edge.taken} of {graph.attempts})
                      {!edge.inJson && <span className="text-muted-foreground"> · not in the JSON</span>}
                      {verdictText(edge) && <span className="text-muted-foreground"> · {verdictText(edge)}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
