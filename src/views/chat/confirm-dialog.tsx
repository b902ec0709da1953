import { styled } from '@linaria/react';
import { TEXT } from '../../domain/text-fr';
import { Dialog } from '../common/dialog';
import { Button } from '../common/ui';

/** The Non / Oui confirmation of spec 2 §2 "Other"; another screen may name its two answers. */
export function ConfirmDialog(props: { question: string | null; onAnswer: (yes: boolean) => void; yes?: string; no?: string }) {
  return (
    <Dialog title={props.question ?? ''} open={props.question !== null} onClose={() => props.onAnswer(false)}>
      <Actions>
        <Button variant="ghost" onClick={() => props.onAnswer(false)}>
          {props.no ?? TEXT.no}
        </Button>
        <Button onClick={() => props.onAnswer(true)}>{props.yes ?? TEXT.yes}</Button>
      </Actions>
    </Dialog>
  );
}

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 16px;
`;
