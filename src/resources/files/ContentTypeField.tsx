import { useTranslate } from 'react-admin';
import { contentTypeKind } from './format';

/** CSV, Document (pdf), Spreadsheet, Image, otherwise the raw content type. */
export const ContentTypeField = ({ contentType }: { contentType: string }) => {
  const translate = useTranslate();
  const kind = contentTypeKind(contentType);
  return <span title={contentType}>{kind ? translate(`caredesk.files.content_types.${kind}`) : contentType}</span>;
};
