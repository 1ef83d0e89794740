// The Search preview's form as a person fills it: each problem is said under its field and in
// the summary next to Search, Search then takes the person to the first field to fix; a name
// pattern says that it replaces File type and Name contains. And the screen with no folder.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RootView } from '#shared/contract/ipc.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { checkForm, type FormState } from './search-args.js';
import { SearchForm } from './search-form.js';

const ROOTS: RootView[] = [
  {
    name: 'Documents',
    path: '/home/ann/Documents',
    isDefault: true,
    state: 'ok',
    nowAt: null,
    warnings: [],
    fileTypes: null,
  } as unknown as RootView,
];

const START: FormState = {
  root: 'Documents',
  path: '',
  timeField: 'modified',
  from: '',
  to: '',
  preset: 'any',
  fileType: 'any',
  nameContains: '',
  glob: '',
  recursive: true,
  maxDepth: '',
  includeFiles: true,
  includeDirectories: false,
  includeUnknownTime: false,
  sort: 'time_desc',
  limit: '50',
};

/** The form with its state and checks as the Search preview keeps them. */
function Harness(props: { onSubmit(form: FormState): void }): ReactNode {
  const [form, setForm] = useState(START);
  return (
    <SearchForm
      form={form}
      problems={checkForm(form)}
      roots={ROOTS}
      busy={false}
      update={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
      applyPreset={(preset) => setForm((f) => ({ ...f, preset }))}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(form);
      }}
      onReset={() => setForm(START)}
    />
  );
}

describe('Search form', () => {
  it('names a problem under its field and next to Search, and takes the person there', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByText('More options'));
    const limit = screen.getByLabelText('Results per page');
    await user.clear(limit);
    await user.type(limit, '0');
    const error = await screen.findByTestId('search-limit-error');
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(limit.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByTestId('search-blocked').textContent).toContain('“Results per page”');

    await user.click(screen.getByText('More options'));
    await user.click(screen.getByTestId('search-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(limit));

    await user.clear(limit);
    await user.type(limit, '25');
    expect(screen.queryByTestId('search-blocked')).toBeNull();
    await user.click(screen.getByTestId('search-submit'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ limit: '25' }));
  });

  it('says that a name pattern replaces File type and Name contains', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness onSubmit={() => undefined} />);
    await user.click(screen.getByText('More options'));
    await user.type(screen.getByLabelText(/Name pattern/), '*.pdf');
    const note = screen.getByText(/File type and Name contains are not used/);
    expect(screen.getByLabelText('File type').getAttribute('aria-describedby')).toContain(note.id);
  });
});

describe('Search preview', () => {
  it('with no folder allowed, says so and leads to Folders', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Search preview');
    expect(await screen.findByText('Add a folder first')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to Folders' }));
    expect(await screen.findByRole('heading', { name: 'Folders', level: 1 })).toBeTruthy();
  });
});
