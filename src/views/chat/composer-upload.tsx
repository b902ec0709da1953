import { useEffect, useRef } from 'react';
import type { UploadRule } from '../../domain/upload-rules';
import type { UploadedFile } from '../../machines/upload-machine';
import type { ChatSync } from '../../sync/chat-sync';
import { UploadStatus, useFileUpload } from '../common/file-picker';
import { attachmentUpload } from './attachment-upload';

/** One file the composer's button or a drop gave, numbered so that the same file twice is two picks. */
export type ComposerPick = { file: File; n: number };

/**
 * The composer's attachment on its way: the upload machine and its status (progress, cancel,
 * failure and 'Réessayer'). Loaded with the first file chosen, so the chat opens without it.
 */
export function ComposerUpload(props: {
  pick: ComposerPick;
  rule: UploadRule;
  chat: ChatSync | null;
  onUploaded: (file: UploadedFile) => void;
  onBusy: (busy: boolean) => void;
}) {
  const upload = useFileUpload({ rule: props.rule, upload: attachmentUpload(props.chat), onUploaded: props.onUploaded });
  const choose = useRef(upload.choose);
  choose.current = upload.choose;
  const onBusy = useRef(props.onBusy);
  onBusy.current = props.onBusy;
  useEffect(() => choose.current(props.pick.file), [props.pick]);
  useEffect(() => onBusy.current(upload.busy), [upload.busy]);
  return upload.shown ? <UploadStatus upload={upload} /> : null;
}
