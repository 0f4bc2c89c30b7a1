import { DataTable, useTranslate } from 'react-admin';
import { OneLineText } from '../../common/OneLineText';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { ProviderRecord } from '../../dataProviders/mail/records';
import { AddLinkButton } from './AddLinkButton';
import { DisabledChip } from './DisabledChip';
import { EditLinkButton } from './EditLinkButton';
import { PROVIDER_CSV_COLUMNS } from './csv';
import { MailList } from './MailList';
import { mailPaths } from './paths';
import { securityLabel } from './securityChoices';

const Column = DataTable.Col<ProviderRecord>;

const SecurityLabel = ({ security }: { security: string }) => {
  const translate = useTranslate();
  return <span>{translate(securityLabel(security))}</span>;
};

/** /mailman/providers/: name, host, port, security, whether it is disabled and an edit link per row. */
const ProviderList = () => (
  <MailList
    resource={MAIL_RESOURCES.providers}
    title="caredesk.mail.menu.providers"
    sort={{ field: 'name', order: 'ASC' }}
    actions={<AddLinkButton to={mailPaths.addProvider} />}
    emptyMessage="caredesk.mail.empty.providers"
    emptyAction={<AddLinkButton to={mailPaths.addProvider} />}
    giveWay={{ name: '30%', host: '30%' }}
    exportColumns={PROVIDER_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.providers"
    card={{
      primary: (record) => record.name,
      secondary: (record) => `${record.host}:${record.port}`,
      tertiary: (record) => (
        <>
          <SecurityLabel security={record.security} /> <DisabledChip disabled={record.disabled} />
        </>
      ),
      actions: (record) => <EditLinkButton to={mailPaths.editProvider(record.id)} what={record.name} />,
    }}
  >
    <Column source="name" label="caredesk.mail.fields.name" render={(record) => <OneLineText text={record.name} />} />
    <Column source="host" label="caredesk.mail.fields.host" render={(record) => <OneLineText text={record.host} />} />
    <Column source="port" label="caredesk.mail.fields.port" />
    <Column
      source="security"
      label="caredesk.mail.fields.security"
      render={(record) => <SecurityLabel security={record.security} />}
    />
    <Column
      source="disabled"
      label="caredesk.mail.fields.status"
      render={(record) => <DisabledChip disabled={record.disabled} />}
    />
    <Column
      label="caredesk.mail.list.actions"
      disableSort
      render={(record) => <EditLinkButton to={mailPaths.editProvider(record.id)} what={record.name} />}
    />
  </MailList>
);

export default ProviderList;
