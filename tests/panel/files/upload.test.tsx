import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/files/FileSearch';
import { withFakeFilesBackend } from '../support/fakeFilesService';
import { openSearch, SEARCH_PATH } from '../support/fileSearch';

const fake = withFakeFilesBackend();

describe('upload dialog', () => {
  it('is valid only with a file, a name longer than 3 characters and a description; fills the name from the file', async () => {
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Upload' });
    expect(submit).toBeDisabled();

    await user.upload(
      within(dialog).getByTestId('upload-file-input'),
      new File(['a;b\n1;2\n'], 'rota.csv', { type: 'text/csv' }),
    );
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('rota.csv');
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Rota of March');
    expect(submit).toBeEnabled();

    await user.clear(name);
    await user.type(name, 'abc');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Minimum 4 characters required')).toBeInTheDocument();
    await user.type(name, 'd');
    expect(submit).toBeEnabled();
  });

  it('shows a service error in the dialog and ends the loading state', async () => {
    const { user } = await openSearch(fake);
    fake.files.state.uploadProblem = fake.files.problem(413, 'Payload Too Large', 'The file is larger than the limit.');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByTestId('upload-file-input'), new File(['x'], 'big-file.bin'));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Too big');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('Content Too Large: The file is larger than the limit.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toBeEnabled();
  });

  it('sends meta then file and refreshes the list after success', async () => {
    const { user } = await openSearch(fake);
    const loads = fake.files.hits('GET', SEARCH_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByTestId('upload-file-input'),
      new File(['a;b\n'], 'rota.csv', { type: 'text/csv' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Rota of March');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // (the part's file name and bytes are checked in the browser test, files.spec.ts, which compares the downloaded bytes: jsdom's
    // File loses its name on the way through msw, and from Node.js 24 on its bytes too)
    expect(fake.files.hits('POST', '/api/files/upload/')[0].body).toMatchObject({
      parts: ['meta', 'file'],
      meta: { name: 'rota.csv', description: 'Rota of March' },
    });
    await waitFor(() => expect(fake.files.hits('GET', SEARCH_PATH).length).toBeGreaterThan(loads));
    await screen.findByText('rota.csv');
  });
  it('names an empty file and does not send it', async () => {
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByTestId('upload-file-input'),
      new File([], 'empty-export.csv', { type: 'text/csv' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Export of March');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“empty-export.csv” is empty (0 bytes). Choose a file with content.',
    );
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(
      within(dialog).getByTestId('upload-file-input'),
      new File(['a;b\n'], 'export.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(fake.files.hits('POST', '/api/files/upload/')).toHaveLength(0);
  });

  it('shows the progress of a running upload, and Cancel aborts it', async () => {
    const { user } = await openSearch(fake);
    let release = () => undefined as void;
    fake.files.state.uploadGate = new Promise<void>((resolve) => (release = resolve));
    const loads = fake.files.hits('GET', SEARCH_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByTestId('upload-file-input'),
      new File([new Uint8Array(3000)], 'big-scan.pdf', { type: 'application/pdf' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Scan');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const progress = await within(dialog).findByTestId('upload-progress');
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(progress).toHaveTextContent('0% · 0 bytes of 2.9 kB');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    await waitFor(() => expect(fake.files.hits('POST', '/api/files/upload/')).toHaveLength(1));

    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The upload was cancelled; nothing was stored.')).toBeInTheDocument();
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('The file was uploaded.')).not.toBeInTheDocument();
    expect(fake.files.hits('GET', SEARCH_PATH).length).toBe(loads);
  });
});
