import { useTranslate } from 'react-admin';
import { contentTypeName } from './format';

/** The content type in words ("PDF document", "PNG image", "File (xyz)" for a type the panel does not know); the raw type on hover. */
export const ContentTypeField = ({ contentType }: { contentType: string }) => {
  const translate = useTranslate();
  const name = contentTypeName(contentType);
  const text =
    'word' in name
      ? translate(`caredesk.files.content_types.${name.word}`)
      : name.other
        ? translate('caredesk.files.content_types.other', { format: name.other })
        : translate('caredesk.files.content_types.unknown');
  return <span title={contentType}>{text}</span>;
};
