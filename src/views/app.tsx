import { Toaster } from 'sonner';
import { AppProvider, type AppServices } from './app-context';
import { AppRoutes } from './routes';
import { globalStyles } from './theme';

export function App({ services }: { services: AppServices }) {
  return (
    <AppProvider services={services}>
      <div className={globalStyles} hidden />
      <AppRoutes />
      <Toaster position="top-center" richColors closeButton />
    </AppProvider>
  );
}
