import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { getDefaultStore } from 'jotai'

import { createAppRouter } from '@/router'

// One store for React (jotai's default store, so no Provider is needed) and for the router's guards.
const store = getDefaultStore()
const router = createAppRouter(store)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
