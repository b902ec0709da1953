import { CoreProvider, type CoreServices } from './app-context';
import { LazyToaster } from './common/toast';
import { AppRoutes } from './routes';
import { globalStyles } from './theme';

export function App({ services }: { services: CoreServices }) {
  return (
    <CoreProvider services={services}>
      <div className={globalStyles} hidden />
      <AppRoutes />
      <LazyToaster />
    </CoreProvider>
  );
}
