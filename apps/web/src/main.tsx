import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createStore, Provider } from 'jotai'

import { createAppRouter } from '@/router'

// One store for React and for the router's guards (and, later, for audio callbacks that write outside React).
const store = createStore()
const router = createAppRouter(store)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
)
