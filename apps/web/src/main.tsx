import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'

import { staffStore } from '@/features/auth/staff-store'
import { createAppRouter } from '@/router'

// The guards read the staff store; screens use jotai's default store (no Provider needed), loaded with them.
const router = createAppRouter(staffStore)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
