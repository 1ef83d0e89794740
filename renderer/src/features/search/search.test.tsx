// The Search preview's form as a person fills it: each problem is said under its field and in
// the summary next to Search, Search then takes the person to the first field to fix; a name
// pattern says that it replaces File type and Name contains. And the screen with no folder, and
// the prompts a person can use in their AI app (in English and Korean, or why there are none).
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RootView } from '#shared/contract/ipc.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { buildArguments, checkForm, type FormState } from './search-args.js';
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
  kinds: [],
  minSize: '',
  minUnit: 'MB',
  maxSize: '',
  maxUnit: 'MB',
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

describe('Search form: kinds and sizes', () => {
  it('offers kinds in plain words and sizes with a unit, and sends them as the tool’s arguments', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByText('More options'));
    const kinds = within(screen.getByRole('group', { name: /Kinds of file/ }));
    expect(kinds.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Documents and PDFs',
      'Spreadsheets',
      'Presentations',
      'Images',
      'Audio',
      'Video',
      'Archives',
      'Code',
    ]);
    await user.click(kinds.getByRole('checkbox', { name: 'Images' }));
    await user.click(kinds.getByRole('checkbox', { name: 'Documents and PDFs' }));
    await user.type(screen.getByLabelText('At least'), '2');
    await user.type(screen.getByLabelText('At most'), '1');
    // 2 MB to 1 MB: named under “At most” and next to Search; nothing is sent.
    expect((await screen.findByTestId('search-maxSize-error')).textContent).toContain(
      '“At most” must not be smaller than “At least”',
    );
    await user.click(screen.getByTestId('search-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('At most')));

    const units = screen.getAllByRole('combobox', { name: 'Unit' });
    await user.selectOptions(units[1]!, 'GB');
    expect(screen.queryByTestId('search-blocked')).toBeNull();
    await user.click(screen.getByTestId('search-submit'));
    const sent = buildArguments(onSubmit.mock.calls[0]![0] as FormState);
    expect(sent).toMatchObject({
      kinds: ['document', 'image'],
      minSize: 2 * 1024 ** 2,
      maxSize: 1024 ** 3,
    });
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

  it('shows the prompts a person can use in their AI app, in their language, or why there are none', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, 'Work'));
        await core.invoke('roots:add', { path: path.join(core.home, 'Work') });
      },
    });
    await openScreen(user, 'Search preview');
    const list = await screen.findByTestId('prompt-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const recent = screen.getByTestId('prompt-recent_files');
    expect(recent.textContent).toContain('Recent files /recent_files');
    expect(recent.textContent).toContain('You give: a folder, a period');
    expect(
      screen.getByText(/In Claude Code, type \/ and choose one of FolderGate’s prompts/),
    ).toBeTruthy();

    await invoke('settings:update', { language: 'ko' });
    expect(await screen.findByText('최근 파일')).toBeTruthy();
    expect(screen.getByTestId('prompt-find_documents').textContent).toContain(
      '입력할 내용: 파일 종류, 기간',
    );
    expect(screen.getByText(/Claude Code에서는 \/를 입력하고/)).toBeTruthy();

    await invoke('control:setTool', { tool: 'prompts', enabled: false });
    expect((await screen.findByTestId('prompts-none')).textContent).toBe(
      '제어 화면에서 프롬프트를 꺼 두어 AI 앱에 나타나지 않습니다.',
    );
    expect(screen.queryByTestId('prompt-list')).toBeNull();
  });
});
