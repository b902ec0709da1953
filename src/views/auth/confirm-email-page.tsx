import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { TEXT } from '../../domain/text-fr';
import { useCore } from '../app-context';
import { ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AuthLayout } from './auth-layout';

/** `/confirm_email?confirmation=`: the code is checked once; 'Code invalide' when missing or refused. */
export function ConfirmEmailPage() {
  const { accounts } = useCore();
  const code = new URLSearchParams(useSearch()).get('confirmation') ?? '';
  const [result, setResult] = useState<'pending' | 'done' | 'invalid'>(code === '' ? 'invalid' : 'pending');
  usePageTitle(TEXT.confirmTitle);
  useEffect(() => {
    if (code === '') return;
    let live = true;
    void accounts.confirmEmail(code).then((ok) => live && setResult(ok ? 'done' : 'invalid'));
    return () => {
      live = false;
    };
  }, [accounts, code]);
  return (
    <AuthLayout title={TEXT.confirmTitle}>
      {result === 'pending' ? <p role="status">{TEXT.confirmPending}</p> : null}
      {result === 'done' ? <p role="status">{TEXT.confirmDone}</p> : null}
      {result === 'invalid' ? <ErrorText role="alert">{TEXT.confirmInvalid}</ErrorText> : null}
    </AuthLayout>
  );
}
