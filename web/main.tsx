import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './pwa/service-worker';
import { Toaster } from './lib/toaster';
import { UpdateBanner } from './lib/update-banner';
import { router } from './routes';
import './styles.css';

const queryClient = createQueryClient();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <UpdateBanner />
    </QueryClientProvider>
  </StrictMode>,
);
