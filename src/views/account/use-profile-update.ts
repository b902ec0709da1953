import { useState } from 'react';
import { toast } from '../common/toast';
import type { UpdateUserInput } from '../../contract/account';
import { useApp } from '../app-context';

/**
 * `PUT /api/user/update` from a form: busy while it runs, the server's message shown and toasted
 * on failure, the session's user refreshed and `savedText` toasted on success.
 */
export function useProfileUpdate(savedText: string) {
  const { accounts, session } = useApp();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function update(input: UpdateUserInput): Promise<void> {
    setError(null);
    setBusy(true);
    const answer = await accounts.updateUser(input);
    setBusy(false);
    if ('error' in answer) {
      setError(answer.error);
      toast.error(answer.error);
      return;
    }
    session.send({ type: 'session.refresh' });
    toast.success(savedText);
  }
  return { error, setError, busy, update };
}
