import { Toaster } from 'sonner';
import { CoreProvider, type CoreServices } from './app-context';
import { AppRoutes } from './routes';
import { globalStyles } from './theme';

export function App({ services }: { services: CoreServices }) {
  return (
    <CoreProvider services={services}>
      <div className={globalStyles} hidden />
      <AppRoutes />
      <Toaster position="top-center" richColors closeButton />
    </CoreProvider>
  );
}
