// /user (SPEC §2): takes the personal link's token out of the address bar and hands the query to the page.
import { useEffect } from 'react'
import { getRouteApi, useRouter } from '@tanstack/react-router'

import { UserPage } from '@/features/user-page/components/user-page'
import { addressWithoutToken, linkTokenFromHash } from '@/features/user-page/personal-link'

const route = getRouteApi('/user')

export function UserRoute() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()

  // The token must leave the address bar (history, screenshots, shared URLs) before anything else happens.
  const takeLinkToken = () => {
    const token = linkTokenFromHash(window.location.hash)
    if (token) router.history.replace(addressWithoutToken(window.location), router.history.location.state)
    return token
  }

  // A link opened in a tab already on this page only changes the fragment: start afresh to use it.
  useEffect(() => {
    const onHashChange = () => {
      if (linkTokenFromHash(window.location.hash)) window.location.reload()
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])

  return (
    <UserPage
      idParam={search.id ?? null}
      moduleParam={search.module ?? null}
      takeLinkToken={takeLinkToken}
      onModuleChange={(module) => void navigate({ search: (previous) => ({ ...previous, module }), replace: true })}
    />
  )
}
