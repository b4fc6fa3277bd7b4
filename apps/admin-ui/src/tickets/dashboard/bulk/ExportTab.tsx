import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { endpoints } from '@portal/contract';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DefaultEmail, MailState, useMailedExport, useOwnUsername } from '../../../jobs/MailedExport';
import { RunProgress } from '../../../jobs/RunProgress';
import { FieldGrid, SubmitButton, serverFieldErrors, TabIntro, TicketNumberRangeInputs } from './BulkParts';
import { exportBody, exportEmailError, ticketNumberRangeOf } from './bulk-forms';

/**
 * The Export tab: from, to and the recipient (the signed-in user by default).
 * The server builds the spreadsheet in a run, then mails it; the tab waits for the mail too. Success is
 * 'Email with ticket export has been sent to: {email}'; a failure shows the server's message.
 */
export const ExportTab = () => {
  const username = useOwnUsername();
  const { run, busy, send } = useMailedExport(endpoints.postTicketGenerateExcel);

  const submit = async (values: FieldValues) => {
    const email = String(values.email ?? '').trim();
    const { error } = await send(exportBody(ticketNumberRangeOf(values), email), email);
    // A refused start has been toasted with its message; its field errors go under the fields.
    return error ? serverFieldErrors(error) : undefined;
  };

  return (
    <>
      <TabIntro text="portal.bulk.export.intro" />
      <Form defaultValues={{ from: null, to: null, email: '' }} onSubmit={submit} noValidate>
        <DefaultEmail email={username.data} />
        <FieldGrid>
          <TicketNumberRangeInputs />
          <TextInput
            source="email"
            type="email"
            label="portal.bulk.export.email"
            validate={exportEmailError}
            autoComplete="email"
          />
          <SubmitButton label="portal.bulk.export.submit" icon={<ForwardToInboxIcon />} busy={busy} />
        </FieldGrid>
      </Form>
      <RunProgress run={run} label="portal.bulk.export.running" />
      <MailState run={run} />
    </>
  );
};
