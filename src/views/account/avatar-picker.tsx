import type { Picture } from '../../contract/user';
import { PROFILE_PICTURE_RULE } from '../../domain/upload-rules';
import { UPLOAD_TEXT } from '../../domain/upload-text-fr';
import { useApp } from '../app-context';
import { FilePicker, useFileUpload } from '../common/file-picker';

/**
 * The profile page's avatar (spec 1 §2, §5: images only): the French picker over `POST /api/upload`,
 * the photo in place until another is on its way, then the new one, kept by the profile's form.
 */
export function AvatarPicker({ picture, onChange }: { picture: Picture | null; onChange: (picture: Picture) => void }) {
  const { accounts } = useApp();
  const upload = useFileUpload({
    rule: PROFILE_PICTURE_RULE,
    upload: async (file, options) => {
      const answer = await accounts.uploadPicture(file, options);
      // The server's refusals are French (type, size, empty file); anything else is spec 1 §8's failure.
      if ('error' in answer) return { ok: false, error: answer.status === 400 || answer.status === 413 ? answer.error : UPLOAD_TEXT.failed };
      return { ok: true, data: { id: answer.picture.id, attachmentType: 'image', name: file.name, url: answer.picture.url } };
    },
    onUploaded: (file) => {
      if (file.url) onChange({ id: file.id, url: file.url });
    },
  });
  return (
    <FilePicker
      upload={upload}
      label={UPLOAD_TEXT.avatarLabel}
      buttonText={UPLOAD_TEXT.avatarButton}
      current={picture ? { url: picture.url, alt: UPLOAD_TEXT.avatarLabel } : null}
      round
    />
  );
}
