// Group detail's way to the group's loop numbers (PRODUCT §11): the Insights screen, chosen to this group.
import { Link } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'

export function InsightsLink({ groupId }: { groupId: string }) {
  return (
    <Link
      to="/insights"
      search={{ groupId }}
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <ChartColumn className="size-4" aria-hidden />
      Insights
    </Link>
  )
}
