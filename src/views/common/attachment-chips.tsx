import { styled } from '@linaria/react';
import type { AttachmentType } from '../../contract/chat';
import { UPLOAD_TEXT } from '../../domain/upload-text-fr';
import { Icon, type IconName } from './icons';
import { IconButton } from './upload-buttons';

export type ChipAttachment = { id: string; attachmentType: AttachmentType; name: string; url?: string | null };

const KIND_ICONS: Record<AttachmentType, IconName> = { image: 'image', video: 'play', audio: 'mic', file: 'file' };

/**
 * The files a message or an alert will carry, each with its kind's icon (or the image itself) and
 * a button to take it off.
 */
export function AttachmentChips(props: { attachments: readonly ChipAttachment[]; onRemove: (id: string) => void }) {
  if (props.attachments.length === 0) return null;
  return (
    <Chips>
      {props.attachments.map((a) => (
        <li key={a.id}>
          {a.attachmentType === 'image' && a.url ? <img src={a.url} alt="" width={32} height={32} /> : <Icon name={KIND_ICONS[a.attachmentType]} size={18} />}
          <span>{a.name}</span>
          <IconButton type="button" aria-label={UPLOAD_TEXT.remove(a.name)} title={UPLOAD_TEXT.remove(a.name)} onClick={() => props.onRemove(a.id)}>
            <Icon name="close" size={18} />
          </IconButton>
        </li>
      ))}
    </Chips>
  );
}

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0 0 6px;
  padding: 0;
  list-style: none;
  font-size: 13px;
  & > li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-width: 100%;
    min-width: 0;
    padding-left: 8px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
  }
  & > li > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & > li > img {
    width: 32px;
    height: 32px;
    border-radius: 4px;
    object-fit: cover;
  }
  & > li > svg {
    flex: none;
    color: var(--muted);
  }
`;
