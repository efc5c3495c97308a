// Placeholder until staff accounts are built (issue "Staff web app 3 of 5").
import { ComingSoon } from '@/components/coming-soon'

export function AdminStaffPage() {
  return (
    <>
      <title>Staff · Hearth</title>
      <ComingSoon title="Staff" description="Operator and admin accounts." />
    </>
  )
}
